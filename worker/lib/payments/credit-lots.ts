import type { creditEntries } from '../../../schema/tables';

type Entry = Pick<typeof creditEntries.$inferSelect, '_id' | 'courseId' | 'kind' | 'minutes' | 'sourceId' | 'expiresAt'>;

export interface Lot {
  entryId: string;
  courseId: string | null;
  minutes: number;
  expiresAt: Date;
  /** What of this lot is still in the balance. */
  remaining: number;
}

/**
 * What is left of each purchase that expires. Spending takes the minutes that lapse soonest first, so the balance now
 * is made of the lots that last longest: walking them from the latest expiry (never-expiring first) and giving each
 * what is left of the balance tells what remains of the others. A lot already expired by an EXPIRY entry holds nothing.
 */
export function expiringLots(entries: Entry[]): Lot[] {
  const expired = new Set(entries.filter((e) => e.kind === 'EXPIRY').map((e) => e.sourceId));
  const balances = new Map<string | null, number>();
  for (const e of entries) balances.set(e.courseId, (balances.get(e.courseId) ?? 0) + e.minutes);
  const lots: Lot[] = [];
  for (const [courseId, balance] of balances) {
    const held = entries
      .filter((e) => e.courseId === courseId && e.minutes > 0 && e.kind !== 'EXPIRY' && !expired.has(e._id))
      .sort((a, b) => (b.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY) - (a.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY));
    let rest = Math.max(0, balance);
    for (const e of held) {
      const remaining = Math.min(e.minutes, rest);
      rest -= remaining;
      if (e.expiresAt) lots.push({ entryId: e._id, courseId, minutes: e.minutes, expiresAt: e.expiresAt, remaining });
    }
  }
  return lots.sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime());
}
