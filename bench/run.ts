import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run bench`: every `bench/<name>/run.ts`, one after another in its own process so one benchmark's servers,
 * sockets and heap never skew the next. `npm run bench -- slots chat` runs just those.
 */
const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const names = readdirSync(here, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(here, entry.name, 'run.ts')))
  .map((entry) => entry.name)
  .filter((name) => wanted.length === 0 || wanted.includes(name))
  .sort();

let failed = 0;
for (const name of names) {
  console.log(`\n== bench/${name} ==`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(here, name, 'run.ts')], { stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
if (failed) {
  console.error(`${failed} benchmark(s) failed`);
  process.exit(1);
}
