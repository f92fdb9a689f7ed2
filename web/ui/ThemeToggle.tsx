import { useAtom } from 'jotai';
import { Moon, Sun } from 'lucide-react';
import { iconButton } from './classes';
import { themeAtom } from './theme-atoms';

export default function ThemeToggle() {
  const [theme, setTheme] = useAtom(themeAtom);
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      data-testid="theme-toggle"
      onClick={() => setTheme(dark ? 'light' : 'dark')}
      aria-label={dark ? 'Switch to light theme' : 'Switch to dark theme'}
      aria-pressed={dark}
      className={iconButton}
    >
      {dark ? <Sun className="size-5" aria-hidden="true" /> : <Moon className="size-5" aria-hidden="true" />}
    </button>
  );
}
