import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/browser-path';

const PORT = process.env.E2E_PORT ?? '8799';
/** Under `E2E_CPU_THROTTLE=4` every step takes up to four times as long: the limits stretch with it. */
const SLOWER = Number(process.env.E2E_CPU_THROTTLE ?? '1');

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  outputDir: '../.tmp/e2e-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000 * SLOWER,
  expect: { timeout: 10_000 * SLOWER },
  reporter: [['list'], ['json', { outputFile: '../.tmp/results/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: 'chromium',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath() ?? undefined,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'tsx scripts/e2e-server.ts',
    cwd: '..',
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
