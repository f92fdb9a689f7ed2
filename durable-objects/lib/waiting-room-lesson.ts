import type { WaitingLesson } from '../../platform/realtime/waiting-lesson';
import { LATE_THRESHOLD_MS, ROOM_CLOSE_GRACE_MS } from '../../schema/contracts/waiting-room';

/** Everything the room remembers, in one storage value. */
export interface RoomRecord {
  lesson: WaitingLesson;
  startedAt: number | null;
  startedBy: string | null;
  tutorJoinedAt: number | null;
  /** The lesson start the late check already ran for, so a rescheduled lesson is checked again. */
  lateCheckedFor: number | null;
  callLogId: string | null;
  /** The lesson end the room closed after; a later end (a reschedule) opens it again. */
  closedFor: number | null;
  /** First time each user said they joined the lesson room. */
  joins: Record<string, number>;
  /** Users whose "I am waiting" alert already went to the tutors. */
  waitingNotified: string[];
}

export const lessonEnd = (lesson: WaitingLesson) => lesson.start + lesson.duration * 60_000;
export const closesAt = (lesson: WaitingLesson) => lessonEnd(lesson) + ROOM_CLOSE_GRACE_MS;
export const isClosed = (room: RoomRecord) => room.closedFor !== null && room.closedFor >= lessonEnd(room.lesson);

export const freshRecord = (lesson: WaitingLesson): RoomRecord => ({
  lesson,
  startedAt: null,
  startedBy: null,
  tutorJoinedAt: null,
  lateCheckedFor: null,
  callLogId: null,
  closedFor: null,
  joins: {},
  waitingNotified: [],
});

/** A late check is due while the tutor is absent and it has not run for this start. */
export const lateCheckDue = (room: RoomRecord) => room.tutorJoinedAt === null && room.lateCheckedFor !== room.lesson.start;

/** When the room should next wake: the late check one minute after the start, else the close. */
export function nextAlarm(room: RoomRecord): number | null {
  if (isClosed(room)) return null;
  if (lateCheckDue(room)) return room.lesson.start + LATE_THRESHOLD_MS;
  return closesAt(room.lesson);
}
