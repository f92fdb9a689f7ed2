import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError } from '../../../platform/errors';
import type { adminTrialUpdate } from '../../../schema/contracts/trials';
import { courses, sections, trials } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';
import type { TrialRow } from './records';

/** Records an outcome or status. A canceled trial stays canceled; cancelling frees the tutor's time. */
export async function updateTrial(tdb: TenantDb, trial: TrialRow, input: z.output<typeof adminTrialUpdate>) {
  if (trial.status === 'CANCELED' && input.status && input.status !== 'CANCELED') {
    throw new ApiError(409, 'status: a canceled trial stays canceled; book a new one', [
      { path: 'status', message: 'a canceled trial stays canceled; book a new one' },
    ]);
  }
  const cancelling = input.status === 'CANCELED' && trial.status !== 'CANCELED';
  await tdb.db.batch([
    tdb.db
      .update(trials)
      .set(input)
      .where(tdb.where(trials, eq(trials._id, trial._id))),
    // Cancelling frees the tutor's time: the lesson leaves their calendar and their slots.
    ...(cancelling
      ? [
          tdb.db
            .update(sections)
            .set({ status: 'CANCELLED', cancelReason: 'Trial canceled' })
            .where(tdb.where(sections, eq(sections._id, trial.sectionId))),
        ]
      : []),
  ]);
}

/** The trial's own course and lesson go with it, so nobody keeps a lesson that no longer exists as a trial. */
export async function deleteTrial(tdb: TenantDb, trial: { _id: string; sectionId: string; courseId: string }) {
  const deletedAt = new Date();
  await tdb.db.batch([
    tdb.db.delete(trials).where(tdb.where(trials, eq(trials._id, trial._id))),
    tdb.db
      .update(sections)
      .set({ deletedAt })
      .where(tdb.where(sections, eq(sections._id, trial.sectionId))),
    tdb.db
      .update(courses)
      .set({ deletedAt })
      .where(tdb.where(courses, eq(courses._id, trial.courseId))),
  ]);
}
