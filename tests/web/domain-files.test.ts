import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One name per domain in every layer: a router `worker/routes/X.ts` is tested in `tests/api/X*.test.ts` (a domain split
 * into routers, `pricing-plans.ts` and `pricing-rates.ts`, may share `pricing.test.ts`), so the tests of a domain are
 * found by its name. It runs in the happy-dom runner because workerd has no file system.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const names = (folder: string, suffix: string) =>
  readdirSync(join(root, folder))
    .filter((file) => file.endsWith(suffix))
    .map((file) => file.slice(0, -suffix.length));

describe('domain files', () => {
  it('has a tests/api/X*.test.ts for every worker/routes/X.ts', () => {
    const tests = names('tests/api', '.test.ts');
    const untested = names('worker/routes', '.ts').filter((route) => !tests.some((test) => test.startsWith(route) || route.startsWith(`${test}-`)));
    expect(untested, 'routers without a test file named for them').toEqual([]);
  });
});
