const pad = (n: number) => String(n).padStart(2, '0');

/** Time since the replay's first change, as a player shows it: 725 000 ms → "12:05", 3 725 000 ms → "1:02:05". */
export function elapsed(ms: number) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** The same read aloud, since "12:05" could be a clock time to a screen reader: "12 minutes 5 seconds". */
export function spokenElapsed(ms: number) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const unit = (n: number, word: string) => (n ? `${n} ${word}${n === 1 ? '' : 's'}` : '');
  return [unit(h, 'hour'), unit(m, 'minute'), total === 0 ? '0 seconds' : unit(s, 'second')].filter(Boolean).join(' ');
}
