import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { chromiumPath, NO_BROWSER_HELP } from './browser-path';
import { run } from './run';

const relative = (path: string) => path.replace(`${process.cwd()}/`, '');

/**
 * `npm test`: every suite in turn, carrying on after a failure, then one closing line `N passed, N failed`.
 * Counts come from each runner's JSON report; a step that produced no report counts as one failure.
 */
const RESULTS = '.tmp/results';
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

interface Outcome {
  name: string;
  passed: number;
  failed: number;
  /** Names of the failing tests, repeated in the summary so a truncated CI log still says what failed. */
  failures?: string[];
}
const outcomes: Outcome[] = [];

function readJson<T>(path: string): T | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return null;
  }
}

async function check(name: string, command: string, args: string[]) {
  console.log(`\n━━ ${name}`);
  const code = await run(command, args);
  outcomes.push({ name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 });
}

async function vitest(name: string, config: string, report: string) {
  console.log(`\n━━ ${name}`);
  const code = await run('vitest', ['run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile=${report}`]);
  const json = readJson<{
    numPassedTests: number;
    numFailedTests: number;
    numFailedTestSuites: number;
    testResults: { name: string; message?: string; assertionResults: { fullName: string; status: string }[] }[];
  }>(report);
  if (!json) return outcomes.push({ name, passed: 0, failed: 1 });
  // A file that fails to load has no tests to count; it still fails the run.
  const brokenFiles = json.numFailedTests === 0 && code !== 0 ? Math.max(1, json.numFailedTestSuites) : 0;
  const failures = json.testResults.flatMap((file) => {
    const tests = file.assertionResults.filter((t) => t.status === 'failed').map((t) => `${relative(file.name)}: ${t.fullName}`);
    return tests.length || !file.message ? tests : [`${relative(file.name)}: ${file.message.split('\n')[0]}`];
  });
  outcomes.push({ name, passed: json.numPassedTests, failed: json.numFailedTests + brokenFiles, failures });
}

interface PlaywrightSuite {
  title: string;
  specs?: { title: string; ok: boolean }[];
  suites?: PlaywrightSuite[];
}
function failedSpecs(suite: PlaywrightSuite): string[] {
  const own = (suite.specs ?? []).filter((s) => !s.ok).map((s) => `${suite.title}: ${s.title}`);
  return [...own, ...(suite.suites ?? []).flatMap(failedSpecs)];
}

async function e2e() {
  const name = 'browser journeys (Playwright, Debian Chromium)';
  console.log(`\n━━ ${name}`);
  if (!chromiumPath()) {
    console.error(NO_BROWSER_HELP);
    return outcomes.push({ name, passed: 0, failed: 1 });
  }
  if (!built) return outcomes.push({ name, passed: 0, failed: 1 });
  const code = await run('playwright', ['test', '-c', 'tests/playwright.config.ts'], {
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  const json = readJson<{ stats: { expected: number; unexpected: number; flaky: number }; suites: PlaywrightSuite[] }>(`${RESULTS}/e2e.json`);
  if (!json) return outcomes.push({ name, passed: 0, failed: 1 });
  const failed = json.stats.unexpected + json.stats.flaky + (code !== 0 && json.stats.unexpected === 0 ? 1 : 0);
  outcomes.push({ name, passed: json.stats.expected, failed, failures: json.suites.flatMap(failedSpecs) });
}

await check('format and lint (biome ci)', 'biome', ['ci', '.']);
await check('typecheck (tsc -b)', 'tsc', ['-b']);
// Built before the workerd tests too: the Worker serves the built shell, whose inline scripts its CSP names by hash.
console.log('\n━━ build (vite)');
const built = (await run('npm', ['run', 'build'])) === 0;
await vitest('API and Durable Object tests (workerd)', 'tests/vitest.workers.config.ts', `${RESULTS}/workers.json`);
await vitest('web tests (happy-dom)', 'tests/vitest.web.config.ts', `${RESULTS}/web.json`);
await e2e();
await check('wrangler deploy --dry-run', 'wrangler', ['deploy', '--dry-run', '--outdir', '.tmp/dry-run']);

const passed = outcomes.reduce((n, o) => n + o.passed, 0);
const failed = outcomes.reduce((n, o) => n + o.failed, 0);
console.log('\nSummary');
for (const o of outcomes) {
  console.log(`  ${o.failed ? '✗' : '✓'} ${o.name}: ${o.passed} passed, ${o.failed} failed`);
  for (const f of o.failures ?? []) console.log(`      ✗ ${f}`);
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
