import { eq } from 'drizzle-orm';
import { jobRuns } from '../../../schema/tables';
import { closeLessonStatements, endedOpenLessons } from '../ledger/close-lesson';
import type { TenantDb } from '../tenant-db';

export const CLOSE_LESSONS_JOB = 'close-ended-lessons';
/** Lessons closed per read: each one is its own batch, so a long backlog is worked through page by page. */
const PAGE = 50;

export interface CloseRunSummary {
  lessons: number;
  rows: number;
}

/**
 * Closes every lesson of the tenant whose end has passed, each in one batch with its history rows; the run is
 * recorded by its key with the last lesson's batch (or alone), so a run delivered twice is known and writes nothing
 * new: the lessons it would close are already closed, and their rows are unique per lesson and student. The students
 * of the lessons closed are added to `closedFor`, whose balances the lessons may have drawn on.
 */
export async function closeEndedLessons(tdb: TenantDb, runKey: string, now: Date, closedFor = new Set<string>()): Promise<CloseRunSummary> {
  const done = await tdb.db
    .select({ summary: jobRuns.summary })
    .from(jobRuns)
    .where(tdb.where(jobRuns, eq(jobRuns.job, CLOSE_LESSONS_JOB), eq(jobRuns.runKey, runKey)))
    .get();
  if (done) return done.summary as CloseRunSummary;
  const summary: CloseRunSummary = { lessons: 0, rows: 0 };
  // A page that closes nothing (a lesson whose course is gone) ends the run rather than reading it again forever.
  for (let closed = PAGE; closed > 0; ) {
    closed = 0;
    for (const section of await endedOpenLessons(tdb, now, PAGE)) {
      const { statements, rows } = await closeLessonStatements(tdb, section, now, { kind: 'JOB', userId: 'system' });
      if (!statements.length) continue;
      await tdb.db.batch(statements as never);
      closed += 1;
      summary.lessons += 1;
      summary.rows += rows.length;
      for (const row of rows) closedFor.add(row.studentId);
    }
  }
  await tdb.db
    .insert(jobRuns)
    .values(tdb.values(jobRuns, { job: CLOSE_LESSONS_JOB, runKey, summary }))
    .onConflictDoNothing();
  return summary;
}
