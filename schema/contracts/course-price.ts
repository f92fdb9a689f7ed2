import { z } from 'zod';
import { currencyCode, formatMoney, minorAmount } from './money';

export const durationUnits = ['DAYS', 'WEEKS', 'MONTHS', 'YEARS'] as const;
export type DurationUnit = (typeof durationUnits)[number];

/** What a course charges and for how long its access lasts; the amount is in the currency's minor units. */
export const coursePriceFields = {
  amount: minorAmount,
  currency: currencyCode,
  duration: z.number({ error: 'is required' }).int('must be a whole number').min(1, 'must be at least 1').max(1000, 'must be at most 1000'),
  durationUnit: z.enum(durationUnits, { error: 'must be DAYS, WEEKS, MONTHS or YEARS' }),
};

/** A course's own price, set instead of its pricing template's; null on a course follows the template again. */
export const coursePriceOverride = z.object(coursePriceFields);
export type CoursePriceOverride = z.output<typeof coursePriceOverride>;

/** The price a course charges, and whether it came from its pricing template or the course's own override. */
export interface CoursePrice extends CoursePriceOverride {
  source: 'template' | 'course';
}

/** "120.00 SGD for 3 months". */
export function describePrice(price: CoursePriceOverride): string {
  const unit = price.durationUnit.toLowerCase().slice(0, -1);
  return `${formatMoney(price.amount, price.currency)} for ${price.duration} ${unit}${price.duration === 1 ? '' : 's'}`;
}
