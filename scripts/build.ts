import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { runOrExit } from './run';

/** The landing page's initial JavaScript budget, gzip. */
const JS_BUDGET_KB = 170;
const outDir = 'dist/client/learning-portal';
/** The route module the landing page lazy-loads at once; it counts as initial load. */
const LANDING_MODULE = 'features/home/HomePage.tsx';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

await runOrExit('vite', ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);

const manifestPath = join(outDir, '.vite/manifest.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
rmSync(join(outDir, '.vite'), { recursive: true, force: true });

const files = new Set<string>();
const visit = (key: string) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  chunk.css?.forEach((f) => files.add(f));
  chunk.imports?.forEach(visit);
};
Object.entries(manifest)
  .filter(([key, chunk]) => chunk.isEntry || key === LANDING_MODULE)
  .forEach(([key]) => visit(key));
if (!manifest[LANDING_MODULE]) console.warn(`(no chunk for ${LANDING_MODULE}; sizing the entry only)`);

const rows = [...files].map((file) => {
  const bytes = readFileSync(join(outDir, file));
  return { file, raw: bytes.length / 1024, gzip: gzipSync(bytes, { level: 9 }).length / 1024 };
});
const sum = (ext: string) => rows.filter((r) => r.file.endsWith(ext)).reduce((total, r) => total + r.gzip, 0);

console.log('\nInitial load of the landing page');
for (const r of rows) console.log(`  ${r.file.padEnd(48)} ${r.raw.toFixed(1).padStart(8)} KB  ${r.gzip.toFixed(1).padStart(7)} KB gzip`);
const jsKb = sum('.js');
console.log(`  initial JS  ${jsKb.toFixed(1)} KB gzip (budget ${JS_BUDGET_KB} KB)`);
console.log(`  initial CSS ${sum('.css').toFixed(1)} KB gzip\n`);
if (jsKb > JS_BUDGET_KB) {
  console.error(`Initial JS is over budget by ${(jsKb - JS_BUDGET_KB).toFixed(1)} KB gzip.`);
  process.exit(1);
}
