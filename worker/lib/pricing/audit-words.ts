import { formatMoney } from '../../../schema/contracts/money';
import type { RateTable } from '../../../schema/contracts/pricing-enums';

/** The words the audit log uses for the tenant's prices, so a price change reads the same wherever it was made. */
export const rateTableWords: Record<RateTable, string> = {
  ONE_TO_ONE_TUTOR: 'one-to-one tutor rates',
  GROUP_TUTOR: 'group tutor rates',
  STUDENT_FLEXIBLE: 'student flexible plan rates',
  STUDENT_SUBSCRIPTION: 'student subscription plan rates',
};

export const versionLabel = (version: { name: string; versionNumber: number; rateTable: RateTable }) =>
  `${rateTableWords[version.rateTable]} v${version.versionNumber} (${version.name})`;

interface Priced {
  amount: number;
  currency: string;
}

/** "SGD 40.00": a price as every entry writes it. */
export const priceWords = (p: Priced) => formatMoney(p.amount, p.currency);

/** "from SGD 35.00 to SGD 40.00", or empty when the price stayed. */
export function priceChange(before: Priced, after: Priced) {
  return before.amount === after.amount && before.currency === after.currency ? '' : `from ${priceWords(before)} to ${priceWords(after)}`;
}

/** A record's change in one sentence: the price first, then the other fields that changed, or "Saved it unchanged". */
export function changeSummary(what: string, before: Priced & Record<string, unknown>, after: Priced & Record<string, unknown>, fields: string[]) {
  const price = priceChange(before, after);
  const others = fields.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
  const parts = [price ? `changed the price ${price}` : '', others.length ? `changed its ${others.join(', ')}` : ''].filter(Boolean);
  if (parts.length === 0) return `Saved the ${what} unchanged`;
  const sentence = `${parts.join(' and ')}`;
  return `${sentence[0]!.toUpperCase()}${sentence.slice(1)}`;
}
