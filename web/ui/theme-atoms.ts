import { atom } from 'jotai';
import { atomWithDefault } from 'jotai/utils';
import { initialTheme, rememberTheme, type Theme } from '../lib/theme';

const baseThemeAtom = atomWithDefault<Theme>(() => initialTheme());

/** Light or dark; changing it updates <html> and is remembered by the browser. */
export const themeAtom = atom(
  (get) => get(baseThemeAtom),
  (_get, set, theme: Theme) => {
    rememberTheme(theme);
    set(baseThemeAtom, theme);
  },
);
