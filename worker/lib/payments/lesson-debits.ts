import { eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { TenantDb } from '../tenant-db';
import { guardedDebit, minutesTaken } from './guarded-debit';

/** One student's lesson, as the ledger closed it, that spends their prepaid minutes. */
export interface LessonDebit {
  sectionId: string;
  studentId: string;
  courseId: string;
  minutes: number;
  description: string;
}

/**
 * The sources of a lesson's two possible debits. They are named by the lesson and the student, not by the history
 * row's id, so closing the lesson again (the job racing "End lesson") finds the same sources and writes nothing.
 */
export const lessonDebitSources = (debit: Pick<LessonDebit, 'sectionId' | 'studentId'>) => ({
  course: `${debit.sectionId}/${debit.studentId}/course`,
  general: `${debit.sectionId}/${debit.studentId}`,
});

/**
 * Statements that spend a lesson's minutes: first the course's own balance (a credit-type course's top-ups), then the
 * student's general minutes (flexible plans), never below zero in either. What neither balance covers stays
 * uncovered: the debits sum to less than the lesson, and the lesson is billed.
 */
export function lessonDebitStatements(tdb: TenantDb, debit: LessonDebit, at: Date): BatchItem<'sqlite'>[] {
  const sources = lessonDebitSources(debit);
  const common = { studentId: debit.studentId, kind: 'LESSON' as const, description: debit.description, at };
  const coveredByCourse = minutesTaken(tdb, 'LESSON', (sourceId) => eq(sourceId, sources.course));
  return [
    guardedDebit(tdb, { ...common, courseId: debit.courseId, sourceId: sources.course, wanted: sql`${debit.minutes}` }),
    guardedDebit(tdb, { ...common, courseId: null, sourceId: sources.general, wanted: sql`(${debit.minutes} - ${coveredByCourse})` }),
  ];
}
