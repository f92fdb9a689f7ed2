import { formatDuration } from '../../../schema/contracts/durations';
import { formatMoney } from '../../../schema/contracts/money';
import type { PricedPlan } from '../../../schema/contracts/pricing';
import { plansForStudent } from '../pricing/plans';
import type { TenantDb } from '../tenant-db';

export type StudentRate = { ok: true; hourly: number; currency: string; note: string } | { ok: false; note: string };

/** The smallest pack first (it is the closest to paying lesson by lesson), then the cheaper minute. */
const smallestPack = (a: PricedPlan, b: PricedPlan) => a.minutes - b.minutes || a.price.amount * b.minutes - b.price.amount * a.minutes;

/**
 * What a student is charged an hour for a lesson billed after the fact. The ledger records only the tutor's side of
 * a lesson's price, and student rates price plans, so the hour is that of the smallest flexible plan the student may
 * buy, at the price its list shows them (their student rate, else the list price), rounded half up to a minor unit.
 */
export async function studentHourlyRate(tdb: TenantDb, studentId: string, firstname: string): Promise<StudentRate> {
  const plans = (await plansForStudent(tdb, 'flexible', studentId).catch(() => [])).filter((p) => p.minutes > 0).sort(smallestPack);
  const plan = plans[0];
  if (!plan) return { ok: false, note: `No flexible plan is offered to ${firstname}, so there is no hourly price to bill at: enter one.` };
  const { amount, currency } = plan.price;
  const hourly = Math.floor((amount * 120 + plan.minutes) / (2 * plan.minutes));
  return {
    ok: true,
    hourly,
    currency,
    note: `${plan.name} costs ${firstname} ${formatMoney(amount, currency)} for ${formatDuration(plan.minutes)}, so ${formatMoney(hourly, currency)} an hour.`,
  };
}
