import { z } from 'zod';
import { isTimeZone, listQuery } from './common';
import { endOfBound, startOfBound } from './lesson-history';

/**
 * Pay runs (issue 30): an admin picks a period, reviews the totals per tutor and currency of everything still
 * PROCESSING in it, and marks them PAID together; the run is downloaded as a CSV a bank upload accepts. And the
 * tutor's own "this month" figures.
 */

/** The longest period one run covers. */
export const MAX_PAY_RUN_DAYS = 366;
const DAY = 24 * 60 * 60_000;

const bound = z.iso.datetime({ offset: true, error: 'must be a date (YYYY-MM-DD) or an ISO date-time' }).or(z.iso.date());

/** periodStart and periodEnd: a date (a bare end date means the whole of that day, UTC) or a date-time. */
export const payRunPeriod = z
  .object({ periodStart: bound, periodEnd: bound })
  .transform((p) => ({ periodStart: startOfBound(p.periodStart), periodEnd: endOfBound(p.periodEnd) }))
  .superRefine((p, ctx) => {
    if (p.periodEnd < p.periodStart) ctx.addIssue({ code: 'custom', path: ['periodEnd'], message: 'must not be before periodStart' });
    else if (p.periodEnd.getTime() - p.periodStart.getTime() > MAX_PAY_RUN_DAYS * DAY) {
      ctx.addIssue({ code: 'custom', path: ['periodEnd'], message: `must be at most ${MAX_PAY_RUN_DAYS} days after periodStart` });
    }
  });
export type PayRunPeriod = z.infer<typeof payRunPeriod>;

/** One tutor's pay in one currency for a run (or its preview). Amounts in minor units. */
export interface PayRunTotal {
  tutor: { _id: string; firstname: string; lastname: string; email: string | null };
  currency: string;
  /** History rows taken, and their pay (lesson shares plus extension pay) and penalties. */
  lessons: number;
  amount: number;
  penalty: number;
  /** Waiver and adjustment rows taken, and their additions and standing deductions. */
  waivers: number;
  additions: number;
  deductions: number;
  /** amount − penalty + additions − deductions. */
  net: number;
}

export interface PayRunCurrencyTotal {
  currency: string;
  net: number;
  tutors: number;
}

export interface PayRunPreview {
  periodStart: string;
  periodEnd: string;
  totals: PayRunTotal[];
  currencies: PayRunCurrencyTotal[];
}

export interface PayRunRecord extends PayRunPreview {
  _id: string;
  /** The bank reference each line of the run's CSV carries. */
  reference: string;
  createdBy: string;
  createdAt: string;
}

export const payRunListQuery = listQuery;

/** `GET /lesson-history/my-pay`: a month (YYYY-MM) in the tutor's time zone; this month when not sent. */
export const myPayQuery = z.object({
  month: z
    .string()
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month such as 2026-05')
    .optional(),
  timezone: z.string().trim().max(64).refine(isTimeZone, 'must be a time zone such as Asia/Singapore').optional(),
});
export type MyPayQuery = z.infer<typeof myPayQuery>;

export interface MyPayCurrency {
  currency: string;
  lessons: number;
  amount: number;
  penalty: number;
  additions: number;
  deductions: number;
  /** amount − penalty + additions − deductions. */
  net: number;
  /** How much of net is still PROCESSING, and how much is PAID. */
  processing: number;
  paid: number;
}

export interface MyPay {
  month: string;
  timezone: string;
  periodStart: string;
  periodEnd: string;
  currencies: MyPayCurrency[];
  /** History rows of the month, whatever their currency (a lesson with no rate has none). */
  lessons: number;
  /** Rows of the month with an open concern. */
  openConcerns: number;
}
