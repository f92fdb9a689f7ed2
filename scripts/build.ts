import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { appPolicy, COMMON_HEADERS } from '../worker/security-policy';
import { runOrExit } from './run';

/** The landing page's initial JavaScript budget, gzip. */
const JS_BUDGET_KB = 170;
const BASE = '/learning-portal/';
const outDir = 'dist/client/learning-portal';
/** The landing page's route module; when it is lazy-loaded it is fetched at once on the home page, so it counts. */
const LANDING_MODULE = 'pages/HomePage.tsx';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

await runOrExit('vite', ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);

/** What the HTML itself makes the browser fetch: the entry module, its modulepreloads and the stylesheets. */
function filesFromHtml(html: string) {
  const files: string[] = [];
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const isModule = /^<script/i.test(tag) && attr(tag, 'type') === 'module';
    const rel = attr(tag, 'rel');
    const url = isModule ? attr(tag, 'src') : rel === 'modulepreload' || rel === 'stylesheet' ? attr(tag, 'href') : undefined;
    if (url?.startsWith(BASE)) files.push(url.slice(BASE.length));
  }
  return files;
}

/** The landing route's own chunk, its CSS and the shared chunks it imports, if the router lazy-loads it. */
function filesOfLandingRoute(manifest: Record<string, ManifestChunk>) {
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.includes(chunk.file)) return;
    files.push(chunk.file, ...(chunk.css ?? []));
    chunk.imports?.forEach(visit);
  };
  // A moved landing page would otherwise drop out of the count and the budget would pass on a smaller number.
  if (!manifest[LANDING_MODULE]) throw new Error(`The landing page ${LANDING_MODULE} is not in the build: update LANDING_MODULE in scripts/build.ts.`);
  visit(LANDING_MODULE);
  return files;
}

const html = readFileSync(join(outDir, 'index.html'), 'utf8');
const manifestPath = join(outDir, '.vite/manifest.json');
const manifest = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>) : {};
// The manifest is only for this measurement; it must not be deployed as a public asset.
rmSync(join(outDir, '.vite'), { recursive: true, force: true });

await writeServiceWorker(html);
writeAssetHeaders();

/**
 * The hashed files are served from the edge without the Worker, so they get the Worker's headers from `_headers` at
 * the root of the assets directory (HSTS is left to the pages and the API: a browser learns it from any https answer).
 */
function writeAssetHeaders() {
  const headers = { ...COMMON_HEADERS, 'content-security-policy': appPolicy() };
  const lines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
  writeFileSync(join(outDir, '..', '_headers'), [`${BASE}assets/*`, ...lines, ''].join('\n'));
}

/**
 * The one service worker: the offline worker, told this build's precache list, in front of the push handlers.
 * Precached: the shell, what the HTML loads, every stylesheet, KaTeX's woff2 fonts (every browser with service
 * workers reads woff2), the web app manifest and its icons. Lazy chunks are cached by the worker on first use.
 */
async function writeServiceWorker(shell: string) {
  const assets = readdirSync(join(outDir, 'assets')).map((file) => `assets/${file}`);
  const icons = readdirSync(join(outDir, 'icons')).map((file) => `icons/${file}`);
  const precache = [...new Set(['', ...filesFromHtml(shell), ...assets.filter((file) => /\.(css|woff2)$/.test(file)), 'manifest.webmanifest', ...icons])];
  const version = createHash('sha256').update(shell).update(assets.join('\n')).digest('hex').slice(0, 12);
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    define: { __OFFLINE_BUILD__: JSON.stringify({ version, precache }) },
    build: {
      write: false,
      minify: true,
      lib: { entry: 'web/features/offline/worker/entry.ts', formats: ['iife'], name: 'studyhallOfflineWorker', fileName: 'offline-worker' },
    },
  });
  const code = (Array.isArray(output) ? output : [output]).flatMap((o) => ('output' in o ? o.output : [])).find((o) => o.type === 'chunk')?.code;
  if (!code) throw new Error('The offline worker did not build.');
  const pushPath = join(outDir, 'push-sw.js');
  writeFileSync(pushPath, `// Studyhall service worker, build ${version}: offline app shell, then push.\n${code}\n${readFileSync(pushPath, 'utf8')}`);
  console.log(`Service worker: build ${version}, ${precache.length} files precached.`);
}

const files = [...new Set([...filesFromHtml(html), ...filesOfLandingRoute(manifest)])];
const rows = files.map((file) => {
  const bytes = readFileSync(join(outDir, file));
  return { file, raw: bytes.length / 1024, gzip: gzipSync(bytes, { level: 9 }).length / 1024 };
});
const total = (ext: string) => rows.filter((r) => r.file.endsWith(ext)).reduce((sum, r) => sum + r.gzip, 0);
const kb = (n: number, width: number) => `${n.toFixed(1).padStart(width)} KB`;

console.log('\nInitial load of the landing page (index.html entry, preloads, stylesheets and the home route chunk)');
console.log(`  ${'file'.padEnd(44)} ${'raw'.padStart(11)} ${'gzip'.padStart(10)}`);
for (const r of rows) console.log(`  ${r.file.padEnd(44)} ${kb(r.raw, 8)} ${kb(r.gzip, 7)}`);
const jsKb = total('.js');
console.log(`  ${'initial JS'.padEnd(44)} ${''.padStart(11)} ${kb(jsKb, 7)}   budget ${JS_BUDGET_KB} KB`);
console.log(`  ${'initial CSS'.padEnd(44)} ${''.padStart(11)} ${kb(total('.css'), 7)}\n`);
if (jsKb > JS_BUDGET_KB) {
  console.error(`Initial JS is over budget by ${(jsKb - JS_BUDGET_KB).toFixed(1)} KB gzip.`);
  process.exit(1);
}
