import type { PricedPlan } from '../../../schema/contracts/pricing';

const units: Record<string, [string, string]> = {
  MINUTES: ['minute', 'minutes'],
  DAYS: ['day', 'days'],
  WEEKS: ['week', 'weeks'],
  MONTHS: ['month', 'months'],
  YEARS: ['year', 'years'],
};

const unitWords = (unit: string) => units[unit] ?? [unit.toLowerCase(), unit.toLowerCase()];

/** 3 MONTHS → "3 months", 1 WEEKS → "1 week". */
export function periodText(duration: number, unit: string) {
  const [one, many] = unitWords(unit);
  return `${duration} ${duration === 1 ? one : many}`;
}

/** How often a subscription renews: "Every month", "Every 3 months". */
export const everyText = (plan: Pick<PricedPlan, 'duration' | 'durationUnit'>) =>
  `Every ${plan.duration === 1 ? unitWords(plan.durationUnit)[0] : periodText(plan.duration, plan.durationUnit)}`;
