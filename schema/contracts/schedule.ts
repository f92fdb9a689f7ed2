import { z } from 'zod';
import { listQuery } from './common';
import type { attendeeKinds, lessonKinds, sectionStatuses } from './sections';
import type { LessonStatus } from './waiting-room';

/** The longest range one schedule call covers: a quarter, enough for a month view with its spill-over weeks. */
export const MAX_SCHEDULE_DAYS = 92;

/** Lesson types as schedules show them (spec 1 section 9). */
export const scheduleLessonTypes = ['1 on 1', 'GROUP', 'TRIAL'] as const;
export type ScheduleLessonType = (typeof scheduleLessonTypes)[number];

const recordId = z.string().trim().min(1).max(64);
const instant = z.iso.datetime({ offset: true, error: 'must be an ISO date-time like 2030-01-07T00:00:00Z' }).transform((value) => new Date(value));

const DAY = 24 * 60 * 60_000;

/** startDate and endDate bound the lesson starts: endDate after startDate, and (when capped) at most `maxDays` apart. */
function checkRange(range: { startDate?: Date; endDate?: Date }, ctx: z.RefinementCtx, maxDays?: number) {
  // Zod still runs this after a field failed, with that field's raw input: only two parsed dates are compared.
  if (!(range.startDate instanceof Date) || !(range.endDate instanceof Date)) return;
  if (range.endDate <= range.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must be after startDate' });
  else if (maxDays && range.endDate.getTime() - range.startDate.getTime() > maxDays * DAY) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: `must be at most ${maxDays} days after startDate` });
  }
}

export const scheduleListQuery = z
  .object({ startDate: instant, endDate: instant, courseId: recordId.optional(), studentId: recordId.optional(), tutorId: recordId.optional() })
  .superRefine((query, ctx) => checkRange(query, ctx, MAX_SCHEDULE_DAYS));
export type ScheduleListQuery = z.input<typeof scheduleListQuery>;

export const meetingSortKeys = ['start', 'duration', 'title', 'status', 'course', 'subject'] as const;

export const meetingsQuery = listQuery
  .safeExtend({
    startDate: instant.optional(),
    endDate: instant.optional(),
    courseId: recordId.optional(),
    tutorId: recordId.optional(),
    studentId: recordId.optional(),
    countOnly: z.enum(['0', '1']).optional(),
  })
  .superRefine((query, ctx) => checkRange(query, ctx));

export interface SchedulePerson {
  _id: string;
  firstname: string;
  lastname: string;
  kind: (typeof attendeeKinds)[number];
}

/** One lesson on a schedule, with what a calendar shows without another call. */
export interface ScheduleLesson {
  _id: string;
  title: string;
  kind: 'ZOOM' | 'TEAMS';
  start: string;
  end: string;
  duration: number;
  status: (typeof sectionStatuses)[number];
  lessonKind: (typeof lessonKinds)[number] | null;
  lessonType: ScheduleLessonType;
  joinUrl: string;
  cancelReason: string | null;
  course: { _id: string; title: string; subject: string; curriculum: string; grade: string };
  attendees: SchedulePerson[];
  /** The one join rule (worker/lib/lessons/join-window.ts); `status` stays the stored section status. */
  lessonStatus: LessonStatus;
  /** ISO 8601: joining is open from 15 minutes before the start until the end. */
  joinOpensAt: string;
  joinClosesAt: string;
  canJoin: boolean;
}

export interface ScheduleList {
  docs: ScheduleLesson[];
  totalDocs: number;
  limit: number;
  offset: number;
}

export interface MeetingsList extends ScheduleList {
  /** Minutes of every lesson matching the filters, not only this page's. */
  totalDuration: number;
}

export interface CalendarFeed {
  /** The subscription address, or null when the user has none. */
  url: string | null;
}
