import { eq, inArray } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import type { Trial, TrialPerson } from '../../../schema/contracts/trials';
import { trials, users } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';

export type TrialRow = typeof trials.$inferSelect;

/** Trials with their student and tutor named, in one extra query for the whole page. */
export async function trialRecords(tdb: TenantDb, rows: TrialRow[]): Promise<Trial[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.studentId, r.tutorId]))];
  const people = ids.length
    ? await tdb.db
        .select({ _id: users._id, firstname: users.firstname, lastname: users.lastname, email: users.email })
        .from(users)
        .where(tdb.where(users, inArray(users._id, ids)))
        .all()
    : [];
  const person = (id: string): TrialPerson | null => people.find((p) => p._id === id) ?? null;
  return rows.map(({ tenantId: _tenant, ...row }) => ({
    ...row,
    student: person(row.studentId),
    tutor: person(row.tutorId),
    start: row.start.toISOString(),
    end: row.end.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export const trialNotFound = () => new ApiError(404, 'Trial not found');

/** A trial of this tenant, or the 404. */
export async function findTrial(tdb: TenantDb, id: string) {
  const row = await tdb.db
    .select()
    .from(trials)
    .where(tdb.where(trials, eq(trials._id, id)))
    .get();
  if (!row) throw trialNotFound();
  return row;
}

/** A trial with its student and tutor named, or the 404. */
export async function readTrial(tdb: TenantDb, id: string) {
  const [trial] = await trialRecords(tdb, [await findTrial(tdb, id)]);
  return trial!;
}
