import { TZDate } from '@date-fns/tz';
import { addWeeks } from 'date-fns';
import { eq } from 'drizzle-orm';
import { fieldError } from '../../../platform/errors';
import { isLessonDuration } from '../../../schema/contracts/durations';
import type { MeetingKind, SectionAttendee } from '../../../schema/contracts/sections';
import { courseStudents, courseTutors, sectionAttendees } from '../../../schema/tables';
import { newId } from '../../../schema/tables/columns';
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

/** Insert statements for the attendees of one section, split to stay under D1's bound-value limit. */
export function attendeeInserts(tdb: TenantDb, sectionId: string, attendees: SectionAttendee[]) {
  return chunks(attendees, 12).map((part) =>
    tdb.db.insert(sectionAttendees).values(part.map((a) => tdb.values(sectionAttendees, { _id: newId(), sectionId, userId: a.user, kind: a.kind }))),
  );
}
