import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { runOrExit } from '../../scripts/run';

/**
 * Builds the Worker as `wrangler deploy` would and runs it on workerd with wrangler.toml's configuration (see
 * workerd-server.ts), on the D1/DO/R2 state `prepareLocal(persist)` made. Resolves once it serves requests.
 * `withAssets` serves the built app (`dist/client`, built by the caller) as the deployed Worker does.
 */
export async function startWorkerd(persist: string, port: number, { withAssets = false } = {}): Promise<ChildProcess> {
  const bundle = `${persist}-bundle`;
  // wrangler refuses a missing assets directory (a clean checkout has not built the app); the rooms need no assets.
  mkdirSync('dist/client', { recursive: true });
  await runOrExit('wrangler', ['deploy', '--dry-run', '--outdir', bundle], { env: { ...process.env, CI: 'true' } });
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'bench/lib/workerd-server.ts', `${bundle}/index.js`, persist, String(port), ...(withAssets ? ['assets'] : [])],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const onData = (chunk: Buffer) => {
      if (/Ready on/.test(chunk.toString())) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    // The server's own output, kept for a diagnosis: with `MINIFLARE_WORKERD_V8_FLAGS=--trace-gc-nvp`, every
    // collection of the Worker's isolate with its phases (how docs/decisions/chat.md took the pauses apart).
    if (process.env.BENCH_WORKERD_LOG) {
      const log = createWriteStream(process.env.BENCH_WORKERD_LOG);
      child.stdout.pipe(log);
      child.stderr.pipe(log);
    }
    child.on('exit', (code) => reject(new Error(`the workerd bench server exited with ${code}`)));
  });
}
