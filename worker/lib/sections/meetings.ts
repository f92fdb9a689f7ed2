import { TZDate } from '@date-fns/tz';
import { addWeeks } from 'date-fns';
import { and, eq, gte, inArray, isNull, lt, ne } from 'drizzle-orm';
import { isLessonDuration } from '../../../schema/contracts/durations';
import type { MeetingKind, SectionAttendee } from '../../../schema/contracts/sections';
import { courseStudents, courseTutors, sectionAttendees, sections } from '../../../schema/tables';
import { newId } from '../../../schema/tables/columns';
import { ApiError, fieldError } from '../../../platform/errors';
import type { TenantDb } from '../tenant-db';
import { chunks } from './access';

export const MEETING_KINDS: readonly MeetingKind[] = ['TEAMS', 'ZOOM'];

/** With no video provider link, the lesson's own live room is where everyone joins. */
export const joinUrlFor = (sectionId: string, provided: string | undefined) => provided ?? `/learning-portal/waiting-room/${sectionId}`;

/** The 3 and 5 minute lessons exist only to try the live room; production refuses them. */
export function assertDurationAllowed(duration: number, production: boolean) {
  if (!isLessonDuration(duration, production)) throw fieldError('duration', 'must be 15 to 180 minutes in steps of 15');
}

/**
 * Start of each weekly occurrence: the same local wall-clock time in `timezone`, so a 17:00 London lesson stays at
 * 17:00 when the clocks change (its UTC instant moves by an hour).
 */
export function weeklyStarts(first: Date, occurrences: number, timezone: string): Date[] {
  const local = new TZDate(first.getTime(), timezone);
  return Array.from({ length: occurrences }, (_, week) => new Date(addWeeks(local, week).getTime()));
}

/** Enabled tutors and enrolled students of the course. */
export async function courseMembers(tdb: TenantDb, courseId: string) {
  const [tutors, students] = await Promise.all([
    tdb.db
      .select({ user: courseTutors.userId })
      .from(courseTutors)
      .where(tdb.where(courseTutors, eq(courseTutors.courseId, courseId), eq(courseTutors.status, 'ENABLE')))
      .all(),
    tdb.db
      .select({ user: courseStudents.userId })
      .from(courseStudents)
      .where(tdb.where(courseStudents, eq(courseStudents.courseId, courseId), eq(courseStudents.status, 'ENROLLED')))
      .all(),
  ]);
  return { tutors: tutors.map((t) => t.user), students: students.map((s) => s.user) };
}

/**
 * The attendees as given, each checked against the course (a tutor attends as TUTOR, a student as STUDENT); with
 * none given, the whole course attends.
 */
export async function resolveAttendees(tdb: TenantDb, courseId: string, given: SectionAttendee[] | undefined): Promise<SectionAttendee[]> {
  const members = await courseMembers(tdb, courseId);
  if (!given) {
    return [...members.tutors.map((user) => ({ user, kind: 'TUTOR' as const })), ...members.students.map((user) => ({ user, kind: 'STUDENT' as const }))];
  }
  const seen = new Set<string>();
  given.forEach((attendee, i) => {
    const pool = attendee.kind === 'TUTOR' ? members.tutors : members.students;
    if (!pool.includes(attendee.user)) throw fieldError(`attendees.${i}.user`, `must be a ${attendee.kind === 'TUTOR' ? 'tutor' : 'student'} of this course`);
    if (seen.has(attendee.user)) throw fieldError(`attendees.${i}.user`, 'is listed twice');
    seen.add(attendee.user);
  });
  return given;
}

const MINUTE = 60_000;

export interface Slot {
  start: Date;
  duration: number;
}

/**
 * A tutor cannot teach two lessons at once: any ACTIVE lesson (any course of the tenant) where one of these tutors
 * attends as TUTOR and whose time overlaps a slot is a 409 naming `start`. `exceptId` is the lesson being moved.
 */
export async function assertNoTutorOverlap(tdb: TenantDb, attendees: SectionAttendee[], slots: Slot[], exceptId?: string) {
  const tutors = attendees.filter((a) => a.kind === 'TUTOR').map((a) => a.user);
  if (!tutors.length || !slots.length) return;
  const from = Math.min(...slots.map((s) => s.start.getTime())) - 180 * MINUTE;
  const to = Math.max(...slots.map((s) => s.start.getTime() + s.duration * MINUTE));
  const busy = await tdb.db
    .select({ _id: sections._id, start: sections.start, duration: sections.duration, title: sections.title })
    .from(sections)
    .innerJoin(sectionAttendees, and(eq(sectionAttendees.sectionId, sections._id), eq(sectionAttendees.kind, 'TUTOR')))
    .where(
      tdb.where(
        sections,
        inArray(sectionAttendees.userId, tutors),
        inArray(sections.kind, ['TEAMS', 'ZOOM']),
        eq(sections.status, 'ACTIVE'),
        isNull(sections.deletedAt),
        gte(sections.start, new Date(from)),
        lt(sections.start, new Date(to)),
        exceptId ? ne(sections._id, exceptId) : undefined,
      ),
    )
    .all();
  for (const slot of slots) {
    const slotEnd = slot.start.getTime() + slot.duration * MINUTE;
    const clash = busy.find((b) => b.start && b.start.getTime() < slotEnd && b.start.getTime() + (b.duration ?? 0) * MINUTE > slot.start.getTime());
    if (clash) {
      const message = `overlaps the tutor's lesson "${clash.title}" at ${clash.start!.toISOString()}`;
      throw new ApiError(409, `start: ${message}`, [{ path: 'start', message }]);
    }
  }
}

/** Insert statements for the attendees of one section, split to stay under D1's bound-value limit. */
export function attendeeInserts(tdb: TenantDb, sectionId: string, attendees: SectionAttendee[]) {
  return chunks(attendees, 12).map((part) =>
    tdb.db.insert(sectionAttendees).values(part.map((a) => tdb.values(sectionAttendees, { _id: newId(), sectionId, userId: a.user, kind: a.kind }))),
  );
}
