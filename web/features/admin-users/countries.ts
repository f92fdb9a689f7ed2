import { RETIRED_COUNTRY_CODES } from '../../../schema/contracts/auth';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
// Codes Intl names that are not countries a person lives in.
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ', 'AC', 'CP', 'DG', 'EA', 'IC', 'TA', ...RETIRED_COUNTRY_CODES]);

let cached: { code: string; name: string }[] | null = null;

/** Every ISO 3166 country Intl can name, in the reader's language, sorted by name. */
export function countryOptions(locale?: string) {
  if (cached) return cached;
  const names = new Intl.DisplayNames(locale ? [locale] : undefined, { type: 'region', fallback: 'none' });
  const options: { code: string; name: string }[] = [];
  for (const a of LETTERS) {
    for (const b of LETTERS) {
      const code = a + b;
      const name = NOT_COUNTRIES.has(code) ? undefined : names.of(code);
      if (name && name !== code) options.push({ code, name });
    }
  }
  cached = options.sort((x, y) => x.name.localeCompare(y.name));
  return cached;
}

export function countryName(code: string | null) {
  if (!code) return '';
  try {
    return new Intl.DisplayNames(undefined, { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
