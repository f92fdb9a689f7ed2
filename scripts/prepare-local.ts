import { ensureDevVars } from './dev-vars';
import { runOrExit } from './run';

/**
 * Everything wrangler dev needs before it starts: the secret, migrations on the local D1 and the demo data.
 * `persistTo` keeps test runs apart from the developer's own local state.
 */
export async function prepareLocal(persistTo?: string) {
  ensureDevVars();
  const persist = persistTo ? ['--persist-to', persistTo] : [];
  await runOrExit('wrangler', ['d1', 'migrations', 'apply', 'studyhall', '--local', ...persist], {
    env: { ...process.env, CI: 'true' },
  });
  await runOrExit('tsx', ['scripts/seed.ts', ...persist]);
}
