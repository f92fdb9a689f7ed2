import { spawn } from 'node:child_process';
import { prepareLocal } from './prepare-local';
import { runOrExit, waitFor } from './run';

const PORT = 8787;
const origin = `http://localhost:${PORT}`;

await runOrExit('npm', ['run', 'build']);
await prepareLocal();

const dev = spawn('wrangler', ['dev', '--port', String(PORT)], { stdio: 'inherit' });
const stop = () => dev.kill('SIGINT');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
dev.on('exit', (code) => process.exit(code ?? 0));

await waitFor(`${origin}/api/health`);
console.log(`
  Studyhall is running.

  App              ${origin}/learning-portal/
  API health       ${origin}/api/health
  Partner tenant   http://partner.localhost:${PORT}/learning-portal/

  Demo logins (password: studyhall-demo)
    admin@studyhall.test     admin
    tutor@studyhall.test     tutor
    student@studyhall.test   student
    parent@studyhall.test    parent of two students (Sam and Maya)
    learner@partner.test     student on the partner tenant (partner.localhost only)

  Press Ctrl-C to stop.
`);
