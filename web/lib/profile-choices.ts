import { COMMON_LANGUAGES, canonicalLanguageTag, currencyOptions, languageName } from '../../schema/contracts/profile';
import type { Choice } from './choices';
import { once } from './once';

export const currencySearchOptions = once((): Choice[] => currencyOptions().map(({ code, name }) => ({ value: code, label: `${code} — ${name}` })));

export const languageSearchOptions = once((): Choice[] =>
  COMMON_LANGUAGES.map((tag) => ({ value: tag, label: languageName(tag) })).sort((a, b) => a.label.localeCompare(b.label)),
);

/** Any other language Intl can name, typed as a tag (`yue`, `pt-BR`) or offered when it matches exactly. */
export function customLanguage(query: string): Choice | null {
  const tag = canonicalLanguageTag(query);
  return tag ? { value: tag, label: `${languageName(tag)} (${tag})` } : null;
}
