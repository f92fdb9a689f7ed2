import { COMMON_LANGUAGES, canonicalLanguageTag, countryOptions, currencyOptions, languageName, timeZoneList } from '../../schema/contracts/profile';

/** An option of a searchable select (ui/ SearchSelect's SearchOption, which lib may not import). */
type SearchOption = { value: string; label: string };

const once = <T>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

/** `Asia/Kuala_Lumpur` reads as `Asia / Kuala Lumpur`; the value stays the IANA name. */
export const timeZoneOptions = once((): SearchOption[] =>
  timeZoneList().map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ').replaceAll('/', ' / ') })),
);

export const currencySearchOptions = once((): SearchOption[] => currencyOptions().map(({ code, name }) => ({ value: code, label: `${code} — ${name}` })));

export const countrySearchOptions = once((): SearchOption[] => countryOptions().map(({ code, name }) => ({ value: code, label: name })));

export const languageSearchOptions = once((): SearchOption[] =>
  COMMON_LANGUAGES.map((tag) => ({ value: tag, label: languageName(tag) })).sort((a, b) => a.label.localeCompare(b.label)),
);

/** Any other language Intl can name, typed as a tag (`yue`, `pt-BR`) or offered when it matches exactly. */
export function customLanguage(query: string): SearchOption | null {
  const tag = canonicalLanguageTag(query);
  return tag ? { value: tag, label: `${languageName(tag)} (${tag})` } : null;
}
