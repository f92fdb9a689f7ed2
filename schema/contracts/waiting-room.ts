import { z } from 'zod';
import { listQuery } from './common';

/** Spec 1 section 9: a tutor who has not joined one minute after the start is late. */
export const LATE_THRESHOLD_MS = 60_000;

/** The room stays open this long after the lesson's end (lessons run over), then closes itself. */
export const ROOM_CLOSE_GRACE_MS = 30 * 60_000;

/** The waiting id is the lesson (meeting section) id. */
export const waitingIdInput = z.object({ waitingId: z.string().trim().min(1).max(64) });
export type WaitingIdInput = z.infer<typeof waitingIdInput>;

export const lessonRoomPath = (sectionId: string) => `/learning-portal/lesson-room/${sectionId}`;

export interface MeetingPerson {
  _id: string;
  firstname: string;
  lastname: string;
  avatar: string | null;
}

export type LessonStatus = 'scheduled' | 'live' | 'ended' | 'missed' | 'cancelled';

/** `GET /meeting-data/{waitingId}`. */
export interface MeetingData {
  _id: string;
  waitingId: string;
  title: string;
  description: string;
  kind: 'ZOOM' | 'TEAMS';
  lessonKind: string | null;
  status: 'ACTIVE' | 'CANCELLED' | 'COMPLETED';
  course: { _id: string; title: string };
  tutors: MeetingPerson[];
  students: MeetingPerson[];
  /** ISO 8601 */
  start: string;
  end: string;
  /** minutes */
  duration: number;
  /** The provider's link for a ZOOM or TEAMS section that has one; otherwise the lesson room. */
  joinUrl: string;
  lessonRoomUrl: string;
  isMeetingStarted: boolean;
  startedAt: string | null;
  isMeetingEnded: boolean;
  /** How the caller appears in the room, and whether they may start the lesson. */
  viewerKind: 'STUDENT' | 'TUTOR' | 'ADMIN';
  canStart: boolean;
  /** The one join rule (worker/lib/lessons/join-window.ts): scheduled, live, ended, missed or cancelled. */
  lessonStatus: LessonStatus;
  /** ISO 8601: joining (and starting) is open from 15 minutes before the start until the end. */
  joinOpensAt: string;
  joinClosesAt: string;
  canJoin: boolean;
}

/** `POST /start-meeting`. */
export interface StartMeetingResult {
  waitingId: string;
  startedAt: string;
  lessonRoomUrl: string;
}

/** `POST /notify-user-joined-to-meeting`. */
export interface JoinedResult {
  waitingId: string;
  joinedAt: string;
}

/** `POST /notify-user-waiting`: how many of the lesson's tutors were told, now that someone waits for them. */
export interface WaitingNotifiedResult {
  waitingId: string;
  notified: number;
}

export const callLogStatusValues = ['LATE', 'JOINED_LATE', 'MISSED'] as const;

const isoDate = z.iso.datetime({ offset: true }).or(z.iso.date());

export const callLogListQuery = listQuery.and(
  z
    .object({
      tutorId: z.string().trim().min(1).max(64).optional(),
      studentId: z.string().trim().min(1).max(64).optional(),
      status: z.enum(callLogStatusValues).optional(),
      startDate: isoDate.optional(),
      endDate: isoDate.optional(),
    })
    .superRefine((q, ctx) => {
      if (q.startDate && q.endDate && new Date(q.startDate) > new Date(q.endDate)) {
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must not be before startDate' });
      }
    }),
);
export type CallLogListQuery = z.infer<typeof callLogListQuery>;

export interface CallLogRecord {
  _id: string;
  section: { _id: string; title: string };
  course: { _id: string; title: string };
  tutor: MeetingPerson | null;
  students: MeetingPerson[];
  lessonStart: string;
  status: (typeof callLogStatusValues)[number];
  error: string | null;
  tutorJoinedAt: string | null;
  waitingUserIds: string[];
  notifiedUserIds: string[];
  createdAt: string;
}
