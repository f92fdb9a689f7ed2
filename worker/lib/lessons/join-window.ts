import { ApiError } from '../../../platform/errors';
import type { LessonStatus } from '../../../schema/contracts/waiting-room';

/** People may join (and a tutor may start) a lesson from this long before its start until its end. */
export const JOIN_OPENS_BEFORE_MS = 15 * 60_000;

export interface LessonTimes {
  start: Date;
  /** minutes */
  duration: number;
  cancelled: boolean;
  /** When the lesson was started in its room, if it was; null when it never was, undefined when not known. */
  startedAt?: Date | null;
  /** The room was closed, or the lesson marked completed, before its planned end. */
  closed?: boolean;
}

/** A lesson's times as its stored section row holds them; the row's `missed` (set when it closed) is what "missed" knows. */
export const lessonTimes = (row: { start: Date | null; duration: number | null; status: string; missed: boolean }): LessonTimes => ({
  start: row.start!,
  duration: row.duration ?? 0,
  cancelled: row.status === 'CANCELLED',
  closed: row.status === 'COMPLETED',
  startedAt: row.missed ? null : undefined,
});

export interface JoinWindow {
  status: LessonStatus;
  /** ISO 8601 */
  joinOpensAt: string;
  joinClosesAt: string;
  canJoin: boolean;
}

/**
 * The one rule for a lesson's state (issue 23, Deliver 2), read by every answer that carries a lesson: joining is
 * open from 15 minutes before the start until the end; "live" is the planned time itself (or from an early start in
 * the window); a past lesson is "ended" when it was held or when nobody knows, and "missed" only when it is known
 * that nobody started it.
 */
export function joinWindow(lesson: LessonTimes, now: Date): JoinWindow {
  const start = lesson.start.getTime();
  const end = start + lesson.duration * 60_000;
  const opens = start - JOIN_OPENS_BEFORE_MS;
  const times = { joinOpensAt: new Date(opens).toISOString(), joinClosesAt: new Date(end).toISOString() };
  const at = now.getTime();
  if (lesson.cancelled) return { status: 'cancelled', ...times, canJoin: false };
  if (at >= end || lesson.closed) return { status: lesson.startedAt === null ? 'missed' : 'ended', ...times, canJoin: false };
  const startedEarly = lesson.startedAt != null && lesson.startedAt.getTime() <= at;
  const live = at >= start || startedEarly;
  return { status: live ? 'live' : 'scheduled', ...times, canJoin: at >= opens };
}

/** The window as answers carry it: `lessonStatus`, since a lesson's `status` is already its stored section status. */
export const wireWindow = ({ status, ...window }: JoinWindow) => ({ lessonStatus: status, ...window });

function fromNow(ms: number) {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return minutes === 1 ? 'in a minute' : `in ${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return hours === 1 ? 'in an hour' : `in ${hours} hours`;
  return `in ${Math.round(hours / 24)} days`;
}

/** A lesson is started only inside its join window: early, the answer says when it opens; late, that it has ended. */
export function assertStartable(window: JoinWindow, now: Date) {
  if (window.status === 'cancelled') throw new ApiError(409, 'This lesson was cancelled');
  if (window.status === 'ended' || window.status === 'missed') throw new ApiError(409, 'This lesson has ended');
  if (!window.canJoin) {
    const wait = fromNow(Date.parse(window.joinOpensAt) - now.getTime());
    throw new ApiError(409, `This lesson can be started from 15 minutes before it begins, which is ${wait}.`);
  }
}
