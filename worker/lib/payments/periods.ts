import { add } from 'date-fns';
import type { BillingInterval } from '../../../schema/contracts/payments';

const UNITS: Record<BillingInterval, 'days' | 'weeks' | 'months' | 'years'> = { day: 'days', week: 'weeks', month: 'months', year: 'years' };

/** When a subscription period that starts at `start` ends; null for a one-time payment. */
export function periodEndAfter(start: Date, session: { billingInterval: BillingInterval | null; intervalCount: number | null }): Date | null {
  if (!session.billingInterval) return null;
  return add(start, { [UNITS[session.billingInterval]]: session.intervalCount ?? 1 });
}
