import { TZDate } from '@date-fns/tz';
import { and, count, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { MyPay, MyPayCurrency, MyPayQuery } from '../../../schema/contracts/pay-runs';
import { lessonHistory, penaltyWaivers, users } from '../../../schema/tables';
import type { Actor } from '../../env';
import type { TenantDb } from '../tenant-db';
import { rowPay, rowPenalty, waiverAddition, waiverDate, waiverDeduction } from './amounts';

/** The first and last instant of a month (YYYY-MM) in a time zone. */
export function monthBounds(month: string, timezone: string) {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const start = new TZDate(year, m - 1, 1, timezone);
  const next = new TZDate(year, m, 1, timezone);
  return { start: new Date(start.getTime()), end: new Date(next.getTime() - 1) };
}

/** This month (YYYY-MM) as the time zone sees it. */
export const currentMonth = (timezone: string, now = new Date()) => {
  const local = new TZDate(now.getTime(), timezone);
  return `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}`;
};

/**
 * A tutor's month, per currency: lesson pay (shares plus extension pay) less penalties, plus waiver and adjustment
 * additions less standing deductions, and how much of that is still PROCESSING or already PAID. One D1 batch.
 */
export async function myPay(tdb: TenantDb, actor: Actor, q: MyPayQuery): Promise<MyPay> {
  const profile = await tdb.db
    .select({ timezone: users.timezone })
    .from(users)
    .where(tdb.where(users, eq(users._id, actor.userId)))
    .get();
  const timezone = q.timezone ?? profile?.timezone ?? 'Asia/Singapore';
  const month = q.month ?? currentMonth(timezone);
  const { start, end } = monthBounds(month, timezone);
  const mine = tdb.where(lessonHistory, eq(lessonHistory.tutorId, actor.userId), gte(lessonHistory.start, start), lte(lessonHistory.start, end));
  const [history, [rows], waivers] = await tdb.db.batch([
    tdb.db
      .select({
        currency: sql<string>`${lessonHistory.tutorAmountCurrency}`,
        status: lessonHistory.tutorPaymentStatus,
        n: count(),
        amount: sql<number>`coalesce(sum(${rowPay}), 0)`,
        penalty: sql<number>`coalesce(sum(${rowPenalty}), 0)`,
      })
      .from(lessonHistory)
      .where(and(mine, isNotNull(lessonHistory.tutorAmountCurrency)))
      .groupBy(lessonHistory.tutorAmountCurrency, lessonHistory.tutorPaymentStatus),
    tdb.db
      .select({ n: count(), open: sql<number>`coalesce(sum(case when ${lessonHistory.concernStatus} = 'PENDING' then 1 else 0 end), 0)` })
      .from(lessonHistory)
      .where(mine),
    tdb.db
      .select({
        currency: penaltyWaivers.currency,
        status: penaltyWaivers.paymentStatus,
        additions: sql<number>`coalesce(sum(${waiverAddition}), 0)`,
        deductions: sql<number>`coalesce(sum(${waiverDeduction}), 0)`,
      })
      .from(penaltyWaivers)
      .where(tdb.where(penaltyWaivers, eq(penaltyWaivers.tutorId, actor.userId), gte(waiverDate, start.getTime()), lte(waiverDate, end.getTime())))
      .groupBy(penaltyWaivers.currency, penaltyWaivers.paymentStatus),
  ]);
  const by = new Map<string, MyPayCurrency>();
  const entry = (currency: string) => {
    let e = by.get(currency);
    if (!e) {
      e = { currency, lessons: 0, amount: 0, penalty: 0, additions: 0, deductions: 0, net: 0, processing: 0, paid: 0 };
      by.set(currency, e);
    }
    return e;
  };
  for (const h of history) {
    const e = entry(h.currency);
    const net = Number(h.amount) - Number(h.penalty);
    e.lessons += h.n;
    e.amount += Number(h.amount);
    e.penalty += Number(h.penalty);
    e.net += net;
    if (h.status === 'PAID') e.paid += net;
    else e.processing += net;
  }
  for (const w of waivers) {
    const e = entry(w.currency);
    const net = Number(w.additions) - Number(w.deductions);
    e.additions += Number(w.additions);
    e.deductions += Number(w.deductions);
    e.net += net;
    if (w.status === 'PAID') e.paid += net;
    else e.processing += net;
  }
  return {
    month,
    timezone,
    periodStart: start.toISOString(),
    periodEnd: end.toISOString(),
    currencies: [...by.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    lessons: rows?.n ?? 0,
    openConcerns: Number(rows?.open ?? 0),
  };
}
