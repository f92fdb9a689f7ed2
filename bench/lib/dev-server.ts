import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { prepareLocal } from '../../scripts/prepare-local';
import { runOrExit, waitFor } from '../../scripts/run';

/** The built app behind `wrangler dev` on fresh local state (migrated and seeded), as `npm start` serves it. */
export async function startDevServer(port: number, persistTo: string): Promise<ChildProcess> {
  await runOrExit('tsx', ['scripts/build.ts']);
  rmSync(persistTo, { recursive: true, force: true });
  await prepareLocal(persistTo);
  const server = spawn('wrangler', ['dev', '--port', String(port), '--persist-to', persistTo, '--show-interactive-dev-session=false'], {
    stdio: 'ignore',
  });
  await waitFor(`http://localhost:${port}/api/health`);
  return server;
}
