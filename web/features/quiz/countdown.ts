/** How far the device clock is behind the server's, from one response: added to Date.now() to read server time. */
export const clockOffset = (serverNow: string, deviceNow = Date.now()) => Date.parse(serverNow) - deviceNow;

/** Whole seconds left on the server-kept countdown, never below zero. */
export function secondsLeft(timerEnd: string, offsetMs: number, deviceNow = Date.now()) {
  return Math.max(0, Math.ceil((Date.parse(timerEnd) - (deviceNow + offsetMs)) / 1000));
}

/** 75 → "1:15", 3725 → "1:02:05". */
export function formatClock(seconds: number) {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** Read aloud as words, since "1:15" is ambiguous to a screen reader. */
export function spokenClock(seconds: number) {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return [m ? `${m} minute${m === 1 ? '' : 's'}` : '', s || !m ? `${s} second${s === 1 ? '' : 's'}` : ''].filter(Boolean).join(' ');
}
