import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyCode, currencyCodes, formatMoney, minorAmount, minorDigits, minorToDecimal, parseDecimal } from '../../schema/contracts/money';

const currency = fc.constantFrom(...currencyCodes);
const amount = fc.integer({ min: 0, max: 1_000_000_000_000 });

describe('money', () => {
  it('lists about 150 ISO 4217 codes, USD first, with their minor digits from Intl', () => {
    expect(currencyCodes[0]).toBe('USD');
    expect(currencyCodes.length).toBeGreaterThan(140);
    expect(new Set(currencyCodes).size).toBe(currencyCodes.length);
    expect([minorDigits('USD'), minorDigits('JPY'), minorDigits('KWD')]).toEqual([2, 0, 3]);
  });

  it('turns decimal text into minor units without floats, and back', () => {
    expect(parseDecimal('12.34', 'USD')).toEqual({ ok: true, amount: 1234 });
    expect(parseDecimal('0.1', 'USD')).toEqual({ ok: true, amount: 10 });
    expect(parseDecimal('1,000', 'JPY')).toEqual({ ok: true, amount: 1000 });
    expect(parseDecimal('1.5', 'JPY')).toEqual({ ok: false, message: 'must be a whole number of JPY' });
    expect(parseDecimal('1.005', 'USD')).toEqual({ ok: false, message: 'can have at most 2 decimals in USD' });
    expect(parseDecimal('1e3', 'USD').ok).toBe(false);
    expect(minorToDecimal(5, 'USD')).toBe('0.05');
    expect(minorToDecimal(1234, 'KWD')).toBe('1.234');
  });

  it('round-trips every amount in every currency exactly', () => {
    fc.assert(
      fc.property(currency, amount, (code, minor) => {
        expect(parseDecimal(minorToDecimal(minor, code), code)).toEqual({ ok: true, amount: minor });
      }),
    );
  });

  it('formats with the code and at least 2 decimals, digit for digit', () => {
    expect(formatMoney(1800, 'SGD')).toBe('SGD 18.00');
    expect(formatMoney(1234, 'JPY')).toBe('JPY 1,234.00');
    expect(formatMoney(1234, 'KWD')).toBe('KWD 1.234');
    expect(formatMoney(900_719_925_474_099, 'USD')).toBe('USD 9,007,199,254,740.99');
    fc.assert(
      fc.property(currency, amount, (code, minor) => {
        const shown = formatMoney(minor, code).replace(/[^0-9]/g, '');
        const digits = minorDigits(code);
        expect(BigInt(shown)).toBe(BigInt(minor) * 10n ** BigInt(Math.max(0, 2 - digits)));
      }),
    );
  });

  it('refuses amounts that would need a float and codes that are not currencies', () => {
    expect(minorAmount.safeParse(10.5).success).toBe(false);
    expect(minorAmount.safeParse(1050).success).toBe(true);
    expect(currencyCode.parse('sgd')).toBe('SGD');
    expect(currencyCode.safeParse('XXQ').success).toBe(false);
  });
});
