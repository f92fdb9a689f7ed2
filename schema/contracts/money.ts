import { z } from 'zod';

/**
 * Money is an integer count of a currency's minor units (cents, pence, fils) plus its ISO 4217 code. Nothing here
 * multiplies or divides a float: decimal text is split into digits, and amounts only ever meet other integers.
 */

/** Every ISO 4217 code the runtime's Intl knows (about 150), USD first as the spec lists them. */
export const currencyCodes: readonly string[] = ['USD', ...Intl.supportedValuesOf('currency').filter((code) => code !== 'USD')];
const known = new Set(currencyCodes);

export const isCurrencyCode = (code: string) => known.has(code);

const digitsCache = new Map<string, number>();

/** How many minor-unit digits the currency has (USD 2, JPY 0, KWD 3), as Intl's currency data says. */
export function minorDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(currency, digits);
  }
  return digits;
}

/** The largest amount a record holds: a safe integer with room to multiply by lesson minutes. */
export const MAX_MINOR_AMOUNT = 1_000_000_000_000;

/** An amount in minor units as plain decimal text ("1234" USD → "12.34", JPY → "1234", KWD → "1.234"). */
export function minorToDecimal(amount: number, currency: string): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError('an amount must be a whole number of minor units');
  const digits = minorDigits(currency);
  const sign = amount < 0 ? '-' : '';
  const text = String(Math.abs(amount)).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

export type ParsedAmount = { ok: true; amount: number } | { ok: false; message: string };

/** "12.34" USD → 1234. Refuses more decimals than the currency has, rather than rounding someone's money away. */
export function parseDecimal(text: string, currency: string): ParsedAmount {
  const match = /^(-?)(\d{1,15})(?:\.(\d+))?$/.exec(text.trim().replaceAll(',', ''));
  if (!match) return { ok: false, message: 'must be a number such as 12.34' };
  const [, sign, whole, fraction = ''] = match;
  const digits = minorDigits(currency);
  if (fraction.length > digits) {
    return { ok: false, message: digits === 0 ? `must be a whole number of ${currency}` : `can have at most ${digits} decimals in ${currency}` };
  }
  const minor = BigInt(whole!) * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, '0') || '0');
  if (minor > BigInt(MAX_MINOR_AMOUNT)) return { ok: false, message: 'is too large' };
  return { ok: true, amount: Number(sign ? -minor : minor) };
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * "USD 12.34": the code and at least 2 decimals as the spec shows money, more when the currency's minor unit is
 * finer (KWD 1.234) so nothing is hidden. Intl formats the decimal string exactly, so no float is involved.
 */
export function formatMoney(amount: number, currency: string, locale = 'en'): string {
  const key = `${locale}|${currency}`;
  let format = formatters.get(key);
  if (!format) {
    const digits = Math.max(2, minorDigits(currency));
    const options = { minimumFractionDigits: digits, maximumFractionDigits: digits };
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'code', ...options });
    formatters.set(key, format);
  }
  return format.format(minorToDecimal(amount, currency) as Intl.StringNumericLiteral).replace(/\u00a0/g, ' ');
}

export const currencyCode = z.string({ error: 'is required' }).trim().toUpperCase().refine(isCurrencyCode, 'must be an ISO 4217 currency code such as USD');

/** An amount on the wire: a whole number of minor units, so 10.5 (half a cent) is refused, never rounded. */
export const minorAmount = z
  .number({ error: 'must be a whole number of minor units' })
  .int('must be a whole number of minor units')
  .min(0, 'cannot be negative')
  .max(MAX_MINOR_AMOUNT, 'is too large');
