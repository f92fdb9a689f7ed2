import { eq, type Placeholder } from 'drizzle-orm';
import { userMappers } from '../../schema/tables';
import type { TenantDb } from './tenant-db';

/** The parents linked to a student, who hear what the student hears (reports, balances about to lapse). */
export async function linkedParentIds(tdb: TenantDb, studentId: string): Promise<string[]> {
  const rows = await linkedParentsQuery(tdb, studentId).all();
  return rows.map((r) => r.parentId);
}

/** The read behind `linkedParentIds`, for a caller that runs it inside a batch of its own. */
export const linkedParentsQuery = (tdb: TenantDb, studentId: string | Placeholder) =>
  tdb.db
    .select({ parentId: userMappers.parentId })
    .from(userMappers)
    .where(tdb.where(userMappers, eq(userMappers.studentId, studentId)));

/** Whether the student is this parent's linked child. */
export async function isLinkedChild(tdb: TenantDb, parentId: string, studentId: string): Promise<boolean> {
  const link = await tdb.db
    .select({ _id: userMappers._id })
    .from(userMappers)
    .where(tdb.where(userMappers, eq(userMappers.parentId, parentId), eq(userMappers.studentId, studentId)))
    .get();
  return Boolean(link);
}
