import { fileURLToPath } from 'node:url';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root,
  plugins: [
    cloudflareTest(async () => ({
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations(`${root}/schema/migrations`),
          TOKEN_SECRET: 'test-token-secret-0123456789abcdef',
          APP_ENV: 'test',
          // As `npm start` writes one: with no STRIPE_SECRET_KEY, payments run simulated and this signs their events.
          STRIPE_WEBHOOK_SECRET: 'whsec_test_0123456789abcdef',
        },
      },
    })),
  ],
  test: {
    include: ['tests/api/**/*.test.ts', 'tests/durable-objects/**/*.test.ts'],
    setupFiles: ['tests/setup.ts'],
    // A test that makes hundreds of calls (the gate sweeps) must not fail because the machine is busy: these limits
    // catch a hang, never a speed (speed is measured in bench/, not asserted here).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // ics ships CommonJS whose yup dependency imports names from a CommonJS package; pre-bundling lets workerd load it.
    deps: { optimizer: { ssr: { enabled: true, include: ['ics'] } } },
  },
});
