import { desc, eq, inArray } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import type { CreditBalance, CreditEntry, Credits, ExpiringCredit } from '../../../schema/contracts/payments';
import { courses, creditEntries } from '../../../schema/tables';
import type { Actor } from '../../env';
import { isLinkedChild } from '../family-links';
import { paged } from '../pagination';
import type { TenantDb } from '../tenant-db';
import { expiringLots } from './credit-lots';

/**
 * Whose balance the caller may read: the person they act for, or (for a parent) a linked child named by `userId`.
 * Anyone else's answers 404, so a balance's existence is not revealed across families.
 */
export async function creditOwner(tdb: TenantDb, actor: Actor, userId: string | undefined): Promise<string> {
  if (userId === undefined || userId === actor.actingUserId) return actor.actingUserId;
  if (actor.role === 'PARENT' && (await isLinkedChild(tdb, actor.userId, userId))) return userId;
  throw new ApiError(404, 'Credit balance was not found');
}

const WEEK = 7 * 24 * 60 * 60 * 1000;

/**
 * The balances are sums of the entries, read in the same batch as their page so the two always agree; what lapses
 * within a week comes from the same entries (`expiringLots`), as the expiry job sees them.
 */
export async function creditsOf(tdb: TenantDb, studentId: string, page: { limit: number; offset: number }, now = new Date()): Promise<Credits> {
  const where = tdb.where(creditEntries, eq(creditEntries.studentId, studentId));
  const [all, rows, titles] = await tdb.db.batch([
    tdb.db
      .select({
        _id: creditEntries._id,
        courseId: creditEntries.courseId,
        kind: creditEntries.kind,
        minutes: creditEntries.minutes,
        sourceId: creditEntries.sourceId,
        expiresAt: creditEntries.expiresAt,
      })
      .from(creditEntries)
      .where(where),
    tdb.db.select().from(creditEntries).where(where).orderBy(desc(creditEntries.createdAt), desc(creditEntries._id)).limit(page.limit).offset(page.offset),
    tdb.db
      .select({ _id: courses._id, title: courses.title })
      .from(courses)
      .where(tdb.where(courses, inArray(courses._id, tdb.db.select({ courseId: creditEntries.courseId }).from(creditEntries).where(where)))),
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
  const sums = new Map<string | null, number>([[null, 0]]);
  for (const e of all) sums.set(e.courseId, (sums.get(e.courseId) ?? 0) + e.minutes);
  const title = new Map(titles.map((t) => [t._id, t.title]));
  const balances: CreditBalance[] = [...sums].map(([courseId, minutes]) => ({
    courseId,
    courseTitle: courseId ? (title.get(courseId) ?? null) : null,
    minutes,
  }));
  const expiring: ExpiringCredit[] = expiringLots(all)
    .filter((lot) => lot.remaining > 0 && lot.expiresAt > now && lot.expiresAt.getTime() <= now.getTime() + WEEK)
    .map((lot) => ({ entryId: lot.entryId, courseId: lot.courseId, minutes: lot.remaining, expiresAt: lot.expiresAt.toISOString() }));
  return {
    studentId,
    balanceMinutes: balances.reduce((total, b) => total + b.minutes, 0),
    balances,
    expiring,
    entries: paged(docs, all.length, page),
  };
}
