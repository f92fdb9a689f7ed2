import { sql } from 'drizzle-orm';
import type { TutorAmountData } from '../../../schema/contracts/lesson-history';
import { lessonHistory, penaltyWaivers } from '../../../schema/tables';

/**
 * The ledger's money rules as SQL, so a list's totals, a tutor's month and a pay run all add the same numbers:
 *
 * - a history row pays its share of the lesson (`allocatedTutorAmount`) plus its share of approved extension pay,
 *   less its penalty; a row with no currency (no rate applied) pays nothing and is left out of every total;
 * - a waiver or adjustment ADDITION adds its amount; a DEDUCTION takes its amount unless an appeal against it was
 *   ACCEPTED (an accepted appeal cancels the deduction).
 */
export const rowPay = sql<number>`(coalesce(${lessonHistory.allocatedTutorAmount}, 0) + ${lessonHistory.lessonExtensionTutorAmount})`;
export const rowPenalty = sql<number>`${lessonHistory.tutorPenaltyAmount}`;

export const waiverAddition = sql<number>`(case when ${penaltyWaivers.type} = 'ADDITION' then ${penaltyWaivers.amount} else 0 end)`;
export const waiverDeduction = sql<number>`(case when ${penaltyWaivers.type} = 'DEDUCTION' and coalesce(${penaltyWaivers.appealStatus}, '') <> 'ACCEPTED' then ${penaltyWaivers.amount} else 0 end)`;
/** The day a waiver or adjustment counts for: the lesson's (or the chosen) date, else when it was made. */
export const waiverDate = sql<number>`coalesce(${penaltyWaivers.startDate}, ${penaltyWaivers.createdAt})`;

/** The columns of a per-currency totals query over history rows; group by currency. */
export const historyTotalsColumns = {
  currency: sql<string>`${lessonHistory.tutorAmountCurrency}`.as('currency'),
  amount: sql<number>`coalesce(sum(${rowPay}), 0)`.as('amount'),
  penalty: sql<number>`coalesce(sum(${rowPenalty}), 0)`.as('penalty'),
  count: sql<number>`count(*)`.as('count'),
};

export const waiverTotalsColumns = {
  currency: sql<string>`${penaltyWaivers.currency}`.as('currency'),
  amount: sql<number>`coalesce(sum(${waiverAddition}), 0)`.as('amount'),
  penalty: sql<number>`coalesce(sum(${waiverDeduction}), 0)`.as('penalty'),
  count: sql<number>`count(*)`.as('count'),
};

/** `tutorAmountData` from grouped rows: net is amount − penalty, integers throughout. */
export const toAmountData = (rows: { currency: string; amount: number; penalty: number; count: number }[]): TutorAmountData[] =>
  rows.map((r) => ({
    currency: r.currency,
    amount: Number(r.amount),
    penalty: Number(r.penalty),
    net: Number(r.amount) - Number(r.penalty),
    count: Number(r.count),
  }));
