import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * The Chromium the browser tests and benchmarks drive: `CHROMIUM_PATH` when set, else Debian's package, else a
 * browser Playwright itself installed (`npx playwright install chromium`); null when there is none.
 */
export function chromiumPath(): string | null {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return existsSync(configured) ? configured : null;
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  const own = chromium.executablePath();
  return own && existsSync(own) ? own : null;
}

/** How every browser test and benchmark starts Chromium: headless, and quiet about updates and sync. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Chromium with its fake camera (a moving test pattern) and fake microphone (a beep), granted without a prompt, so a
 * device check or a call runs as on a laptop; remote sound may start without a click, as it does after the click that
 * opens a real lesson.
 */
export const fakeMediaLaunch = () => ({
  executablePath: chromiumPath() ?? undefined,
  args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required'],
});

/** What to do on a machine with no browser, in a reader's words. */
export const NO_BROWSER_HELP = [
  'No Chromium was found for the browser tests.',
  process.env.CHROMIUM_PATH ? `CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, but there is no file there.` : '',
  'On Debian or Ubuntu: apt-get install -y chromium',
  'On a Mac or Windows: set CHROMIUM_PATH to an installed Chrome or Chromium (for example',
  '  CHROMIUM_PATH="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" npm test),',
  '  or let Playwright fetch its own: npx playwright install chromium',
]
  .filter(Boolean)
  .join('\n');
