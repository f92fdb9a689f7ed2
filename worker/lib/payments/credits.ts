import { count, desc, eq, sum } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import type { CreditEntry, Credits } from '../../../schema/contracts/payments';
import { creditEntries, userMappers } from '../../../schema/tables';
import type { Actor } from '../../env';
import { paged } from '../pagination';
import type { TenantDb } from '../tenant-db';

/**
 * Whose balance the caller may read: the person they act for, or (for a parent) a linked child named by `userId`.
 * Anyone else's answers 404, so a balance's existence is not revealed across families.
 */
export async function creditOwner(tdb: TenantDb, actor: Actor, userId: string | undefined): Promise<string> {
  if (userId === undefined || userId === actor.actingUserId) return actor.actingUserId;
  if (actor.role === 'PARENT') {
    const link = await tdb.db
      .select({ _id: userMappers._id })
      .from(userMappers)
      .where(tdb.where(userMappers, eq(userMappers.parentId, actor.userId), eq(userMappers.studentId, userId)))
      .get();
    if (link) return userId;
  }
  throw new ApiError(404, 'Credit balance was not found');
}

/** The balance is the sum of the entries, read in the same batch as their page so the two always agree. */
export async function creditsOf(tdb: TenantDb, studentId: string, page: { limit: number; offset: number }): Promise<Credits> {
  const where = tdb.where(creditEntries, eq(creditEntries.studentId, studentId));
  const [totals, rows] = await tdb.db.batch([
    tdb.db
      .select({ minutes: sum(creditEntries.minutes), n: count() })
      .from(creditEntries)
      .where(where),
    tdb.db.select().from(creditEntries).where(where).orderBy(desc(creditEntries.createdAt), desc(creditEntries._id)).limit(page.limit).offset(page.offset),
  ]);
  const docs: CreditEntry[] = rows.map((row) => ({
    _id: row._id,
    studentId: row.studentId,
    courseId: row.courseId,
    kind: row.kind,
    minutes: row.minutes,
    amount: row.amount,
    currency: row.currency,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
  }));
  const total = totals[0];
  return { studentId, balanceMinutes: Number(total?.minutes ?? 0), entries: paged(docs, total?.n ?? 0, page) };
}
