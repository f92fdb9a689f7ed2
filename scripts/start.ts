import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { prepareLocal } from './prepare-local';
import { runOrExit, runScheduledOnce, waitFor } from './run';

/**
 * `npm start`: build, migrate and seed the local D1, then run `wrangler dev` until Ctrl-C.
 * PORT and PERSIST_TO exist so a second copy can run beside the usual one without sharing its state.
 */
const PORT = process.env.PORT ?? '8787';
const PERSIST_TO = process.env.PERSIST_TO;
const origin = `http://localhost:${PORT}`;
// The Worker takes real Stripe only when the secret key is set, as `.dev.vars` would give it locally.
const payments = /^STRIPE_SECRET_KEY=./m.test(existsSync('.dev.vars') ? readFileSync('.dev.vars', 'utf8') : '')
  ? 'Stripe (STRIPE_SECRET_KEY is set in .dev.vars)'
  : 'simulated: checkout is our own page and no card is charged (the README says how to use Stripe)';

await runOrExit('npm', ['run', 'build']);
await prepareLocal(PERSIST_TO);

const persist = PERSIST_TO ? ['--persist-to', PERSIST_TO] : [];
const dev = spawn('wrangler', ['dev', '--port', PORT, '--test-scheduled', ...persist], { stdio: 'inherit' });
// Ctrl-C in a terminal reaches wrangler too (same process group); forwarding covers `kill` sent to us alone.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => dev.kill(signal));
dev.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

try {
  await waitFor(`${origin}/api/health`);
  await runScheduledOnce(origin);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  dev.kill('SIGINT');
  process.exitCode = 1;
}
if (!process.exitCode) {
  console.log(`
  Studyhall is running.

  App              ${origin}/learning-portal/
  API health       ${origin}/api/health
  Partner tenant   http://partner.localhost:${PORT}/learning-portal/
  Dev mailbox      ${origin}/learning-portal/dev/mailbox  (e-mails are kept here, not sent)
  Payments         ${payments}

  Demo logins, all with the password studyhall-demo
    admin@studyhall.test     admin
    tutor@studyhall.test     tutor
    student@studyhall.test   student (Sam)
    student2@studyhall.test  student (Maya)
    parent@studyhall.test    parent of two students (Sam and Maya)
    learner@partner.test     student of the partner tenant (partner.localhost only)

  Press Ctrl-C to stop.
`);
}
