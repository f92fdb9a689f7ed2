import { type SpawnOptions, spawn } from 'node:child_process';

/** Runs a command with inherited stdio and resolves with its exit code (never rejects). */
export function run(command: string, args: string[], options: SpawnOptions = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', (err) => {
      console.error(`Could not start ${command}: ${err.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function runOrExit(command: string, args: string[], options: SpawnOptions = {}) {
  const code = await run(command, args, options);
  if (code !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed with exit code ${code}`);
    process.exit(code);
  }
}

/** Polls a URL until it answers 2xx or the deadline passes. */
export async function waitFor(url: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * Runs the Worker's cron jobs once on a `wrangler dev --test-scheduled` (closing ended lessons into history), so a
 * fresh local copy starts with the history its seeded past lessons make.
 */
export async function runScheduledOnce(origin: string) {
  const res = await fetch(`${origin}/__scheduled?cron=${encodeURIComponent('*/5 * * * *')}`);
  if (!res.ok) throw new Error(`The scheduled jobs answered ${res.status}: ${await res.text()}`);
}
