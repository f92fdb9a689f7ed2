import { readFileSync } from 'node:fs';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
// Wrangler's own Miniflare, so the options wrangler derives from wrangler.toml are the ones it understands.
import { convertV4MiniflareOptions, Miniflare } from '../../node_modules/wrangler/node_modules/miniflare/dist/src/index.js';

/**
 * Runs the built Worker (`wrangler deploy --dry-run` output) on workerd through Miniflare alone, with wrangler.toml's
 * compatibility date, flags and bindings: what production runs, without `wrangler dev`'s proxy worker, which relays
 * every WebSocket frame through a second workerd process. Started by `startWorkerd()` in workerd.ts.
 */
const [script, persist, port, withAssets] = process.argv.slice(2) as [string, string, string, string | undefined];
const { workerOptions } = unstable_getMiniflareWorkerOptions('wrangler.toml');
// Options for module resolution and dev-server hooks do not apply to an already-bundled script; the rooms' benches
// need no assets, and a page's bench asks for them.
const unused = new Set(['modulesRules', 'rootPath', 'connectHandlers', ...(withAssets === 'assets' ? [] : ['assets'])]);
const options = Object.fromEntries(Object.entries(workerOptions).filter(([key]) => !unused.has(key)));
const secrets = Object.fromEntries(
  readFileSync('.dev.vars', 'utf8')
    .split('\n')
    .filter((line) => line.includes('='))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);
const miniflare = new Miniflare(
  convertV4MiniflareOptions({
    workers: [
      { ...options, name: 'studyhall', modules: true, scriptPath: script, bindings: { ...(workerOptions.bindings as Record<string, unknown>), ...secrets } },
    ],
    port: Number(port),
    ...(process.env.BENCH_INSPECTOR_PORT ? { inspectorPort: Number(process.env.BENCH_INSPECTOR_PORT) } : {}),
    // The layout `wrangler dev --persist-to` and `wrangler d1 migrations apply` use, so the seeded D1 is found.
    resourcePersistencePath: `${persist}/v3`,
  } as Parameters<typeof convertV4MiniflareOptions>[0]),
);
await miniflare.ready;
console.log(`Ready on ${port}`);
process.on('SIGTERM', () => void miniflare.dispose().then(() => process.exit(0)));
