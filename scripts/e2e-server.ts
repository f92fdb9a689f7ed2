import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { prepareLocal } from './prepare-local';

/** The browser tests' own wrangler dev: fresh local state every run, on a port apart from `npm start`. */
const PERSIST = `.tmp/e2e-state-${process.env.E2E_PORT ?? '8799'}`;
const PORT = process.env.E2E_PORT ?? '8799';

rmSync(PERSIST, { recursive: true, force: true });
await prepareLocal(PERSIST);
const dev = spawn('wrangler', ['dev', '--port', PORT, '--persist-to', PERSIST, '--test-scheduled', '--show-interactive-dev-session=false'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => dev.kill(signal));
dev.on('exit', (code) => process.exit(code ?? 0));
