import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layers point one way: schema ← platform ← durable-objects ← worker, and web sees only the shared contracts.
 * tsc -b enforces the first three with project references; this test also covers web, web/ui and worker/lib, and
 * prints every offending import line. It runs in the happy-dom runner because workerd has no file system.
 */

// A string, not a URL: under happy-dom the global URL is the DOM's, which node:url does not accept.
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

interface Rule {
  name: string;
  /** Folder (from the repository root, with a trailing slash) whose files the rule checks. */
  from: string;
  forbids: (target: string) => boolean;
}

const under =
  (...folders: string[]) =>
  (target: string) =>
    folders.some((folder) => target.startsWith(folder));

const rules: Rule[] = [
  { name: 'durable-objects → worker', from: 'durable-objects/', forbids: under('worker/') },
  { name: 'platform → worker or durable-objects', from: 'platform/', forbids: under('worker/', 'durable-objects/') },
  { name: 'web → anything but web and schema/contracts', from: 'web/', forbids: (target) => !under('web/', 'schema/contracts/')(target) },
  { name: 'web/ui → web/features', from: 'web/ui/', forbids: under('web/features/') },
  { name: 'worker/lib → worker/middleware or worker/routes', from: 'worker/lib/', forbids: under('worker/middleware/', 'worker/routes/') },
  // The Worker names the object classes (to export them and type their namespaces); what both read is in platform/.
  { name: 'worker → durable-objects/lib', from: 'worker/', forbids: under('durable-objects/lib/') },
];

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(`${path}/`);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `from '…'`, `import('…')` and `import '…'`: every way a module names another. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]*)\1/g;

/** `api(`, `api<T>(` or `api<A<B>>(`: web/lib/api.ts's fetch helper called directly, not a method of the same name. */
const API_CALL = /(?<![\w$.])api\s*[<(]/;

interface ImportLine {
  file: string;
  line: number;
  text: string;
  /** The imported module, from the repository root, without extension. */
  target: string;
}

function importsOf(file: string): ImportLine[] {
  const source = readFileSync(join(root, file), 'utf8');
  const lines = source.split('\n');
  return [...source.matchAll(SPECIFIER)].map((match) => {
    const line = source.slice(0, match.index).split('\n').length;
    const target = relative(root, normalize(join(root, dirname(file), match[2]!)))
      .split(sep)
      .join('/');
    return { file, line, text: lines[line - 1]!.trim(), target: target.replace(/\.tsx?$/, '') };
  });
}

describe('import boundaries', () => {
  it.each(rules)('$name', (rule) => {
    const files = sourceFiles(rule.from);
    expect(files.length, `no source files under ${rule.from}`).toBeGreaterThan(0);
    const offenders = files.flatMap(importsOf).filter((imp) => rule.forbids(imp.target));
    expect(offenders.map(({ file, line, text }) => `${file}:${line}: ${text}`)).toEqual([]);
  });

  // Each feature talks to the API through its own web/features/<f>/api.ts (docs/decisions.md, "Shell").
  it('no component calls api() itself', () => {
    const components = sourceFiles('web/').filter((file) => file.endsWith('.tsx'));
    const offenders = components.flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((text, index) => (API_CALL.test(text) ? [`${file}:${index + 1}: ${text.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });

  it('finds a call to api() however it is typed, and no other function named like it', () => {
    const lines = ["await api('/x');", 'api<Rate[]>(path)', 'api<ListResponse<Row>>(path, { query })', 'calls.api(x)', 'pricingCalls.list(kind)', 'rapid(x)'];
    expect(lines.map((line) => API_CALL.test(line))).toEqual([true, true, true, false, false, false]);
  });

  it('reads every kind of import, so a rule cannot pass by missing one', () => {
    const found = [
      ...`import a from './a';\nimport type { B } from "../b";\nexport * from './c';\nconst d = import('./d');\nimport './e';`.matchAll(SPECIFIER),
    ];
    expect(found.map((match) => match[2])).toEqual(['./a', '../b', './c', './d', './e']);
  });
});
