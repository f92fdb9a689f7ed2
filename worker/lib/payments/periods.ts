import { add } from 'date-fns';
import type { BillingInterval } from '../../../schema/contracts/payments';

/** A plan's or course's duration unit in date-fns' words; flexible plans may also last minutes. */
const DURATIONS: Record<string, 'minutes' | 'days' | 'weeks' | 'months' | 'years'> = {
  MINUTES: 'minutes',
  DAYS: 'days',
  WEEKS: 'weeks',
  MONTHS: 'months',
  YEARS: 'years',
};

const INTERVALS: Record<string, BillingInterval> = { DAYS: 'day', WEEKS: 'week', MONTHS: 'month', YEARS: 'year' };
const INTERVAL_DURATIONS: Record<BillingInterval, 'days' | 'weeks' | 'months' | 'years'> = { day: 'days', week: 'weeks', month: 'months', year: 'years' };

/** How often a subscription sold in this unit renews, in Stripe's words. */
export function billingIntervalOf(unit: string): BillingInterval {
  const interval = INTERVALS[unit];
  if (!interval) throw new Error(`a subscription cannot renew every ${unit}`);
  return interval;
}

/**
 * Minutes bought are spendable for the plan's duration, counted from when checkout starts: the session fixes
 * everything that is credited, and a Checkout session lives a day at most, so the payment moves it by less than that.
 */
export function expiryAfter(start: Date, duration: number, unit: string): Date {
  const key = DURATIONS[unit];
  if (!key) throw new Error(`a plan has no duration unit ${unit}`);
  return add(start, { [key]: duration });
}

/** When a subscription period that starts at `start` ends; null for a one-time payment. */
export function periodEndAfter(start: Date, session: { billingInterval: BillingInterval | null; intervalCount: number | null }): Date | null {
  if (!session.billingInterval) return null;
  return add(start, { [INTERVAL_DURATIONS[session.billingInterval]]: session.intervalCount ?? 1 });
}
