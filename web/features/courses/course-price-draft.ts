import { type CoursePrice, type CoursePriceOverride, type DurationUnit, durationUnits } from '../../../schema/contracts/course-price';
import { amountFromText, amountText } from '../../lib/money-field';

/** The course form's own-price fields as typed: the amount as decimal text ("120.00"), never a float. */
export interface PriceDraft {
  amount: string;
  currency: string;
  duration: string;
  durationUnit: DurationUnit;
}

/** The course's override to edit, or a start made from the price it follows now (or nothing). */
export function draftOf(price: CoursePriceOverride | CoursePrice | null): PriceDraft {
  if (!price) return { amount: '', currency: 'USD', duration: '1', durationUnit: durationUnits[2] };
  return { amount: amountText(price.amount, price.currency), currency: price.currency, duration: String(price.duration), durationUnit: price.durationUnit };
}

/** The body's override from the draft, plus an error for the amount when its text is not money in that currency. */
export function overrideFromDraft(draft: PriceDraft): { override: Record<string, unknown>; amountError?: string } {
  const parsed = amountFromText(draft.amount, draft.currency);
  return {
    override: {
      amount: parsed.amount,
      currency: draft.currency,
      duration: draft.duration === '' ? undefined : Number(draft.duration),
      durationUnit: draft.durationUnit,
    },
    amountError: parsed.error,
  };
}
