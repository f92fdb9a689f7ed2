import { currencyCodes, minorToDecimal, parseDecimal } from '../../schema/contracts/money';

export const currencyChoices = currencyCodes;

/** What an admin types ("18.00") for an amount stored in minor units, and back; never through a float. */
export const amountText = (amount: unknown, currency: string) => (typeof amount === 'number' ? minorToDecimal(amount, currency) : '');

export function amountFromText(text: string, currency: string): { amount?: number; error?: string } {
  if (text.trim() === '') return { error: 'is required' };
  const parsed = parseDecimal(text, currency);
  return parsed.ok ? { amount: parsed.amount } : { error: parsed.message };
}
