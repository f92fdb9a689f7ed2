import { and, eq, inArray } from 'drizzle-orm';
import type { LessonPrice } from '../../../schema/contracts/pricing';
import { courseStudents, courses, courseTutors, lessonPrices, sectionAttendees, type sections, users } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';
import { assignedDate, fullName, lessonSubject, tutorTableOf } from './lesson-subject';
import { loadRateBook } from './rate-book';
import { resolveRate } from './resolve';

type SectionRow = typeof sections.$inferSelect;
export type NewLessonPrice = Omit<typeof lessonPrices.$inferInsert, 'tenantId'>;

/** Whole minutes the lesson ran inside its booking: from the planned start to the end, never more than was booked. */
export function heldMinutes(start: Date, booked: number, endedAt: Date): number {
  const ran = Math.floor((endedAt.getTime() - start.getTime()) / 60_000);
  return Math.min(booked, Math.max(0, ran));
}

/**
 * The tutor's pay for a lesson that has just ended, one row per tutor attending, priced by the same engine and rate
 * book as the price check (versions made after the lesson's start are left out). A lesson no rate applies to gets a
 * row with no amount and the engine's reason, so an admin sees why it is unpriced. A cancelled lesson pays nothing.
 */
export async function priceEndedLesson(tdb: TenantDb, section: SectionRow, endedAt: Date): Promise<NewLessonPrice[]> {
  if (section.status === 'CANCELLED' || !section.start) return [];
  const [course, attendees] = await Promise.all([
    tdb.db
      .select()
      .from(courses)
      .where(tdb.where(courses, eq(courses._id, section.courseId)))
      .get(),
    tdb.db
      .select({ kind: sectionAttendees.kind, user: users })
      .from(sectionAttendees)
      .innerJoin(users, and(eq(users._id, sectionAttendees.userId), eq(users.tenantId, tdb.tenantId)))
      .where(tdb.where(sectionAttendees, eq(sectionAttendees.sectionId, section._id)))
      .orderBy(sectionAttendees.kind, users._id)
      .all(),
  ]);
  if (!course) return [];
  const tutors = attendees.filter((a) => a.kind === 'TUTOR').map((a) => a.user);
  const students = attendees.filter((a) => a.kind === 'STUDENT').map((a) => a.user);
  const table = tutorTableOf(course);
  const minutes = heldMinutes(section.start, section.duration ?? 0, endedAt);
  const book = await loadRateBook(tdb, table, section.start);
  const oneToOne = table === 'ONE_TO_ONE_TUTOR';
  const student = oneToOne && students.length === 1 ? students[0] : undefined;
  const [enrolment, teaching] = student
    ? await Promise.all([
        tdb.db
          .select({ createdAt: courseStudents.createdAt })
          .from(courseStudents)
          .where(tdb.where(courseStudents, eq(courseStudents.courseId, course._id), eq(courseStudents.userId, student._id)))
          .get(),
        tdb.db
          .select({ userId: courseTutors.userId, createdAt: courseTutors.createdAt })
          .from(courseTutors)
          .where(
            tdb.where(
              courseTutors,
              eq(courseTutors.courseId, course._id),
              inArray(
                courseTutors.userId,
                tutors.map((t) => t._id),
              ),
            ),
          )
          .all(),
      ])
    : [undefined, []];
  return Promise.all(
    tutors.map(async (tutor): Promise<NewLessonPrice> => {
      const base = { lessonId: section._id, side: 'TUTOR' as const, userId: tutor._id, rateTable: table, minutes, pricedAt: endedAt };
      if (oneToOne && !student) {
        return { ...base, explanation: `A one-to-one lesson is priced with its one student, and this lesson had ${students.length} students.` };
      }
      const taught = teaching.find((t) => t.userId === tutor._id);
      const assigned = enrolment && taught ? assignedDate(enrolment, taught) : undefined;
      const answer = resolveRate(book, await lessonSubject(tdb, { tutor, course, student, assigned, minutes }));
      if (!answer.ok) return { ...base, explanation: answer.reason };
      const { rateVersionId, rateId, amount, currency, explanation } = answer;
      return { ...base, rateVersionId, rateId, amount, currency, explanation };
    }),
  );
}

/** Insert statements for a batch; a lesson already priced keeps its first price. */
export const lessonPriceInserts = (tdb: TenantDb, rows: NewLessonPrice[]) =>
  rows.map((row) => tdb.db.insert(lessonPrices).values(tdb.values(lessonPrices, row)).onConflictDoNothing());

/** The recorded prices of these lessons, with the name of whom each is for; another tenant's lessons find nothing. */
export async function recordedPrices(tdb: TenantDb, lessonIds: string[]): Promise<LessonPrice[]> {
  const rows = await tdb.db
    .select({ price: lessonPrices, firstname: users.firstname, lastname: users.lastname })
    .from(lessonPrices)
    .innerJoin(users, eq(users._id, lessonPrices.userId))
    .where(tdb.where(lessonPrices, inArray(lessonPrices.lessonId, lessonIds)))
    .orderBy(lessonPrices.lessonId, lessonPrices.side, lessonPrices.userId)
    .all();
  return rows.map(({ price: { tenantId: _tenant, createdAt: _created, updatedAt: _updated, pricedAt, ...price }, ...name }) => ({
    ...price,
    userName: fullName(name),
    pricedAt: pricedAt.toISOString(),
  }));
}
