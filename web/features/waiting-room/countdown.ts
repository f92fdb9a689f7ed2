import { LATE_THRESHOLD_MS } from '../../../schema/contracts/waiting-room';

const pad = (n: number) => String(n).padStart(2, '0');

/** "2 d 4 h", "1 h 05 m", or "04:09" under an hour: the spec's "1 h 15 m" style, seconds only when they matter. */
export function formatCountdown(ms: number) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${pad(minutes)} m`;
  return `${pad(minutes)}:${pad(seconds)}`;
}

export type Phase = { kind: 'before'; left: string } | { kind: 'starting' } | { kind: 'late'; minutes: number } | { kind: 'running' } | { kind: 'over' };

/**
 * Where the lesson stands for the countdown: before its start; just started; started and the tutor is past the
 * late threshold without being here; running (a tutor is here); or over.
 */
export function phaseOf(now: number, start: number, end: number, tutorHere: boolean): Phase {
  if (now >= end) return { kind: 'over' };
  if (now < start) return { kind: 'before', left: formatCountdown(start - now) };
  if (tutorHere) return { kind: 'running' };
  if (now - start < LATE_THRESHOLD_MS) return { kind: 'starting' };
  return { kind: 'late', minutes: Math.floor((now - start) / 60_000) };
}
