import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import lighthouse from 'lighthouse';
import { chromiumPath } from '../../scripts/browser-path';
import { startDevServer } from '../lib/dev-server';

/**
 * `npm run bench -- pages`: Lighthouse (mobile profile: a mid-range phone, simulated slow 4G and 4× CPU slowdown) on
 * the landing page and each role's home, served by `wrangler dev` from the built app as `npm start` does. Lighthouse
 * drives the same Debian Chromium the journeys use, in a profile where each role has signed in first. Prints each
 * page's scores, then each against the goals (Performance ≥ 90, Accessibility ≥ 95, LCP ≤ 2.5 s) as
 * `ours/goal` ratios: at or above 1 meets the goal (LCP's ratio is goal over ours, so above 1 is also better).
 */
const PORT = Number(process.env.BENCH_PAGES_PORT ?? 8808);
const DEBUG_PORT = PORT + 1000;
const ORIGIN = `http://localhost:${PORT}`;
const PERSIST = `.tmp/bench-pages-${PORT}`;
const GOALS = { performance: 90, accessibility: 95, lcpMs: 2500 };

const ONLY = process.env.BENCH_PAGES_ONLY?.split(',');
const ALL_PAGES: { name: string; email: string | null; path: string }[] = [
  { name: 'landing', email: null, path: '/learning-portal/' },
  { name: 'student-home', email: 'student@studyhall.test', path: '/learning-portal/portal' },
  { name: 'parent-home', email: 'parent@studyhall.test', path: '/learning-portal/portal' },
  { name: 'tutor-home', email: 'tutor@studyhall.test', path: '/learning-portal/portal' },
  { name: 'admin-home', email: 'admin@studyhall.test', path: '/learning-portal/portal' },
];
/** `BENCH_PAGES_ONLY=student-home,admin-home` measures just those. */
const PAGES = ALL_PAGES.filter((p) => !ONLY || ONLY.includes(p.name));

/** Leaves the profile signed in as `email` (or signed out), so Lighthouse's own tab opens that person's page. */
async function actAs(page: Page, email: string | null) {
  await page.goto(`${ORIGIN}/learning-portal/portal`, { waitUntil: 'networkidle' });
  const account = page.getByRole('button', { name: /^Account menu for/ });
  if (await account.isVisible()) {
    await account.click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => !url.pathname.includes('/portal'));
  }
  if (!email) return;
  await page.goto(`${ORIGIN}/learning-portal/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('studyhall-demo');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.includes('/login'));
  await account.waitFor();
}

const server = await startDevServer(PORT, PERSIST);
const profile = mkdtempSync(join(tmpdir(), 'studyhall-lighthouse-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: chromiumPath() ?? undefined,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', `--remote-debugging-port=${DEBUG_PORT}`],
});
const page = context.pages()[0] ?? (await context.newPage());
const lines: string[] = [];
try {
  for (const { name, email, path } of PAGES) {
    await actAs(page, email);
    const result = await lighthouse(`${ORIGIN}${path}`, {
      port: DEBUG_PORT,
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // The sign-in above lives in this profile's storage; Lighthouse would otherwise clear it before loading.
      disableStorageReset: true,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${name}`);
    // `BENCH_PAGES_REPORTS=.tmp/lighthouse` keeps each page's full report, to see which audits cost the score.
    if (process.env.BENCH_PAGES_REPORTS) {
      mkdirSync(process.env.BENCH_PAGES_REPORTS, { recursive: true });
      writeFileSync(join(process.env.BENCH_PAGES_REPORTS, `${name}.json`), JSON.stringify(result.lhr));
    }
    const { categories, audits } = result.lhr;
    const performance = Math.round((categories.performance?.score ?? 0) * 100);
    const accessibility = Math.round((categories.accessibility?.score ?? 0) * 100);
    const lcp = audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
    const tbt = audits['total-blocking-time']?.numericValue ?? Number.NaN;
    console.log(`${name}: performance ${performance}, accessibility ${accessibility}, LCP ${(lcp / 1000).toFixed(2)} s, total blocking ${Math.round(tbt)} ms`);
    lines.push(
      `ours/goal ${name}-performance ${(performance / GOALS.performance).toFixed(2)}`,
      `ours/goal ${name}-accessibility ${(accessibility / GOALS.accessibility).toFixed(2)}`,
      `ours/goal ${name}-lcp ${(GOALS.lcpMs / lcp).toFixed(2)}`,
    );
  }
} finally {
  await context.close();
  server.kill();
  rmSync(profile, { recursive: true, force: true });
}
for (const line of lines) console.log(line);
