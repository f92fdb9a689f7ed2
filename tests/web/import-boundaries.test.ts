import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layers point one way: schema ← platform ← durable-objects ← worker, and web sees only the shared contracts.
 * tsc -b enforces the first three with project references; this test also covers web's floors and worker/lib, and
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
  { name: 'worker/lib → worker/middleware or worker/routes', from: 'worker/lib/', forbids: under('worker/middleware/', 'worker/routes/') },
  // The Worker names the object classes (to export them and type their namespaces); what both read is in platform/.
  { name: 'worker → durable-objects/lib', from: 'worker/', forbids: under('durable-objects/lib/') },
];

/**
 * web/ in floors, top first (docs/architecture.md, "web"): a file may import its own room and the floors below its
 * own, never a floor above it nor another room of its own floor. A room is one folder of features/, entities/ or
 * pages/ (a file directly in pages/ is a room of its own); ui/, lib/ and layout/ are one room each.
 */
const FLOORS = ['root', 'layout', 'pages', 'features', 'entities', 'ui', 'lib'] as const;
type Floor = (typeof FLOORS)[number];

/** What each floor may import besides its own room; layout and pages stand side by side above the features. */
const BELOW: Record<Floor, readonly Floor[]> = {
  root: FLOORS,
  layout: ['features', 'entities', 'ui', 'lib'],
  pages: ['features', 'entities', 'ui', 'lib'],
  features: ['entities', 'ui', 'lib'],
  entities: ['ui', 'lib'],
  ui: ['lib'],
  lib: [],
};

const ROOMED = new Set<string>(['features', 'entities', 'pages']);

/** The floor and room of a web/ module, given from the repository root without extension. */
function placeOf(module: string): { floor: Floor; room: string } {
  const [top = '', room = ''] = module.slice('web/'.length).split('/');
  if (ROOMED.has(top)) return { floor: top as Floor, room: `${top}/${room}` };
  if ((FLOORS as readonly string[]).includes(top)) return { floor: top as Floor, room: top };
  return { floor: 'root', room: 'root' };
}

/** Why a web/ file may not import the target, or undefined when it may. */
function crossing(file: string, target: string): string | undefined {
  if (!target.startsWith('web/')) return undefined;
  const from = placeOf(file.replace(/\.tsx?$/, ''));
  const to = placeOf(target);
  if (from.room === to.room || BELOW[from.floor].includes(to.floor)) return undefined;
  return to.floor === from.floor ? `${from.floor} → another room of ${to.floor}` : `${from.floor} → ${to.floor}`;
}

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

  it.each(FLOORS)('web/ on the %s floor imports only its own room and the floors below', (floor) => {
    const offenders = sourceFiles('web/')
      .filter((file) => placeOf(file).floor === floor)
      .flatMap(importsOf)
      .flatMap((imp) => {
        const why = crossing(imp.file, imp.target);
        return why ? [{ ...imp, why }] : [];
      });
    expect(offenders.map(({ file, line, text, why }) => `${file}:${line}: ${text} (${why})`)).toEqual([]);
  });

  it('forbids each kind of import that points up or across', () => {
    const cases: [file: string, target: string, why: string | undefined][] = [
      ['web/features/a/Page.tsx', 'web/features/b/thing', 'features → another room of features'],
      ['web/features/a/Page.tsx', 'web/pages/HomePage', 'features → pages'],
      ['web/features/a/Page.tsx', 'web/layout/nav', 'features → layout'],
      ['web/features/a/Page.tsx', 'web/router', 'features → root'],
      ['web/entities/a/thing.ts', 'web/features/b/thing', 'entities → features'],
      ['web/entities/a/thing.ts', 'web/entities/b/thing', 'entities → another room of entities'],
      ['web/ui/Field.tsx', 'web/entities/a/thing', 'ui → entities'],
      ['web/ui/Field.tsx', 'web/features/a/thing', 'ui → features'],
      ['web/lib/api.ts', 'web/ui/toast/use-toast', 'lib → ui'],
      ['web/lib/api.ts', 'web/entities/a/thing', 'lib → entities'],
      ['web/lib/api.ts', 'web/features/a/thing', 'lib → features'],
      ['web/lib/api.ts', 'web/layout/nav', 'lib → layout'],
      ['web/pages/HomePage.tsx', 'web/pages/portal/api', 'pages → another room of pages'],
      ['web/pages/portal/Home.tsx', 'web/layout/nav', 'pages → layout'],
      ['web/layout/Header.tsx', 'web/pages/HomePage', 'layout → pages'],
      ['web/features/a/Page.tsx', 'web/features/a/parts/thing', undefined],
      ['web/features/a/Page.tsx', 'web/entities/b/thing', undefined],
      ['web/pages/portal/Home.tsx', 'web/pages/portal/api', undefined],
      ['web/pages/HomePage.tsx', 'web/features/a/thing', undefined],
      ['web/layout/Header.tsx', 'web/features/a/thing', undefined],
      ['web/entities/a/thing.ts', 'web/ui/Field', undefined],
      ['web/ui/Field.tsx', 'web/lib/api', undefined],
      ['web/router.tsx', 'web/pages/HomePage', undefined],
      ['web/features/a/Page.tsx', 'schema/contracts/a', undefined],
    ];
    expect(cases.map(([file, target]) => crossing(file, target))).toEqual(cases.map(([, , why]) => why));
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
