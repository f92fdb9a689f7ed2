import type { ZodType } from 'zod';

/**
 * Bad input generated from a route's own zod contract (issue 34), for tests/api/bad-input.test.ts: for every field
 * the schema names, a value of the wrong type, text exactly at and one past each length limit in multi-byte letters
 * and emoji, numbers at and past each bound, a fraction where a whole number is asked, a choice off the list, and
 * strings of a date's or a time's shape that are no real date or time. Unions are entered option by option,
 * records under one key and lazy schemas one level deep. `bad` cases must be refused naming the field;
 * `edge` cases (exactly at a limit) are allowed, and only must not fail the server.
 */
export interface SchemaCase {
  /** The field as a validation error names it: `items.0.start`. */
  path: string;
  value: unknown;
  kind: 'bad' | 'edge';
  what: string;
  /**
   * The discriminator values on the way to the field (`tiers.0.penalty.kind` → `FIXED`): set before the value, so
   * the case reaches that option of a union and not the option the base body happens to be.
   */
  choices?: Record<string, unknown>;
}

interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, ZodType>;
  element?: ZodType;
  innerType?: ZodType;
  in?: ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
  out?: ZodType;
  options?: ZodType[];
  discriminator?: string;
  keyType?: ZodType;
  valueType?: ZodType;
  getter?: () => ZodType;
  format?: string;
  pattern?: RegExp;
  coerce?: boolean;
}

interface CheckDef {
  check: string;
  maximum?: number;
  minimum?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
/** What each field of an object must be, as zod keeps it for discriminated unions: `{ kind: Set { 'FIXED' } }`. */
const propValuesOf = (schema: ZodType) => (schema as unknown as { _zod: { propValues?: Record<string, Set<unknown>> } })._zod.propValues ?? {};

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/**
 * The schema a value meets first: through optional, default and the like, and into a pipe's input. A preprocess
 * (a pipe from a bare transform) tells nothing of the value's shape, so its output schema is read instead.
 */
function unwrap(schema: ZodType): ZodType {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in && def.out) current = defOf(def.in).type === 'transform' ? def.out : def.in;
    else return current;
  }
}

/**
 * A string of a date's or a time's shape that means nothing, with a real one of the same shape. A field whose
 * pattern takes the real one and not `scrambled` (the same characters out of order) is of that shape, so it must
 * refuse the bad one too; a phone number's pattern, which takes both, is not asked.
 */
const SHAPE_TWINS = [
  { bad: '2030-13-01', good: '2030-12-01', scrambled: '203-012-01', what: 'a month 13' },
  { bad: '2030-02-30', good: '2030-02-28', scrambled: '203-002-28', what: '30 February' },
  { bad: '2031-02-29', good: '2028-02-29', scrambled: '202-802-29', what: '29 February of a common year' },
  { bad: '2030-00-10', good: '2030-01-10', scrambled: '203-001-10', what: 'a month 0' },
  { bad: '2030-01-01T00:00:00Z', good: '2030-01-01', scrambled: '203-001-01', what: 'a date-time where a date is asked' },
  { bad: '2030-02-30T10:00:00Z', good: '2030-02-28T10:00:00Z', scrambled: '203-002-28T10:00:00Z', what: 'a date-time on 30 February' },
  { bad: '2030-13-01T10:00:00Z', good: '2030-12-01T10:00:00Z', scrambled: '203-012-01T10:00:00Z', what: 'a date-time in month 13' },
  { bad: '25:61', good: '23:59', scrambled: '2:359', what: 'the time 25:61' },
  { bad: '2030-13', good: '2030-12', scrambled: '20-3012', what: 'a month 13 of a year' },
];

const patternsOf = (def: Def) => [
  ...(def.pattern ? [def.pattern] : []),
  ...(def.checks ?? []).map((c) => c._zod.def.pattern).filter((p): p is RegExp => p instanceof RegExp),
];

const accepts = (patterns: RegExp[], text: string) => patterns.every((p) => new RegExp(p.source, p.flags.replace('g', '')).test(text));

/** Letters of two bytes and of four, exactly `length` characters as zod counts them (code points, not UTF-16 units). */
function multiByte(length: number) {
  return [
    { text: 'é'.repeat(length), what: `${length} × é` },
    { text: '😀'.repeat(length), what: `${length} × emoji` },
  ];
}

function stringCases(path: string, def: Def): SchemaCase[] {
  const cases: SchemaCase[] = [{ path, value: 12345, kind: 'bad', what: 'a number where text is asked' }];
  for (const { _zod } of def.checks ?? []) {
    const check = _zod.def;
    if (check.check === 'max_length' && check.maximum !== undefined) {
      for (const { text, what } of multiByte(check.maximum)) cases.push({ path, value: text, kind: 'edge', what: `${what}, at the limit` });
      for (const { text, what } of multiByte(check.maximum + 1)) cases.push({ path, value: text, kind: 'bad', what: `${what}, one past the limit` });
    }
    if (check.check === 'min_length' && check.minimum !== undefined && check.minimum > 1) {
      cases.push({ path, value: 'é'.repeat(check.minimum - 1), kind: 'bad', what: `${check.minimum - 1} × é, one short` });
    }
  }
  const patterns = patternsOf(def);
  const refined = (def.checks ?? []).some((c) => c._zod.def.check === 'custom');
  for (const twin of SHAPE_TWINS) {
    if (patterns.length && accepts(patterns, twin.good) && !accepts(patterns, twin.scrambled)) {
      cases.push({ path, value: twin.bad, kind: 'bad', what: twin.what });
    } else if (refined) {
      // A refinement may read a date without a pattern saying so: whatever it decides, it must answer, never fail.
      cases.push({ path, value: twin.bad, kind: 'edge', what: `${twin.what} (shape not asserted)` });
    }
  }
  return cases;
}

function numberCases(path: string, def: Def): SchemaCase[] {
  const cases: SchemaCase[] = [{ path, value: 'twelve', kind: 'bad', what: 'text where a number is asked' }];
  const whole = def.format === 'safeint' || def.format === 'int32' || (def.checks ?? []).some((c) => c._zod.def.format === 'safeint');
  if (whole) cases.push({ path, value: 1.5, kind: 'bad', what: 'a fraction where a whole number is asked' });
  const step = whole ? 1 : 0.5;
  for (const { _zod } of def.checks ?? []) {
    const { check, value, inclusive } = _zod.def;
    if (value === undefined) continue;
    if (check === 'greater_than') {
      if (inclusive) cases.push({ path, value, kind: 'edge', what: `the least allowed, ${value}` });
      cases.push({ path, value: inclusive ? value - step : value, kind: 'bad', what: 'below the least allowed' });
    }
    if (check === 'less_than') {
      if (inclusive) cases.push({ path, value, kind: 'edge', what: `the most allowed, ${value}` });
      cases.push({ path, value: inclusive ? value + step : value, kind: 'bad', what: 'above the most allowed' });
    }
  }
  return cases;
}

/** Types that never take an object: a union of only these must refuse one. */
const SCALARS = new Set(['string', 'number', 'boolean', 'bigint', 'enum', 'literal', 'null', 'undefined', 'array', 'date', 'template_literal']);

/** Fields that hold a group of fields, so text there is refused whatever the group holds. */
const holdsGroup = (schema: ZodType) => {
  const def = defOf(unwrap(schema));
  return ['object', 'array', 'record'].includes(def.type) || (def.type === 'union' && def.discriminator !== undefined);
};

/**
 * Each option of a discriminated union with its discriminator set to the option's own value, so a case reaches the
 * option's fields; the discriminator's own cases are the one choice off the list.
 */
function optionCases(def: Def, path: string): SchemaCase[] {
  const key = def.discriminator!;
  const at = path ? `${path}.${key}` : key;
  return [
    ...(def.options ?? []).flatMap((option) =>
      // An option taking several values (`z.enum(['ZOOM', 'TEAMS'])`) has the same fields for each: one is asked.
      [...(propValuesOf(option)[key] ?? [])].slice(0, 1).flatMap((choice) =>
        schemaCases(option, path)
          .filter((c) => c.path !== at)
          .map((c) => ({ ...c, choices: { [at]: choice, ...c.choices } })),
      ),
    ),
    { path: at, value: 'NOT_ON_THE_LIST', kind: 'bad', what: 'a kind off the list' },
  ];
}

const sampleKey = (keyType?: ZodType) => {
  const entries = keyType && defOf(unwrap(keyType)).entries;
  return entries ? String(Object.values(entries)[0]) : 'sample';
};

/** Lazy schemas being read: each is unrolled once per branch, as a recursive one would otherwise never end. */
const unrolling = new Set<ZodType>();

/** Every case for every field of `schema`, depth first. */
export function schemaCases(schema: ZodType, path = ''): SchemaCase[] {
  const inner = unwrap(schema);
  const def = defOf(inner);
  const at = (key: string) => (path ? `${path}.${key}` : key);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, field]) => [
        ...schemaCases(field, at(key)),
        ...(holdsGroup(field) ? [{ path: at(key), value: 'text', kind: 'bad' as const, what: 'text where a group of fields is asked' }] : []),
      ]);
    case 'array':
      return def.element ? schemaCases(def.element, at('0')) : [];
    case 'record':
      // One key stands for all: the first a closed set of keys allows, else any (which a check of the keys may also refuse, beside the field).
      return def.valueType ? schemaCases(def.valueType, at(sampleKey(def.keyType))) : [];
    case 'union':
      if (def.discriminator) return optionCases(def, path);
      return path && (def.options ?? []).every((option) => SCALARS.has(defOf(unwrap(option)).type))
        ? [{ path, value: { not: 'a value' }, kind: 'bad', what: 'a group of fields, which none of the allowed kinds is' }]
        : [];
    case 'lazy': {
      if (unrolling.has(inner) || !def.getter) return [];
      unrolling.add(inner);
      try {
        return schemaCases(def.getter(), path);
      } finally {
        unrolling.delete(inner);
      }
    }
    case 'string':
      return path ? stringCases(path, def) : [];
    case 'number':
      return path && !def.coerce ? numberCases(path, def) : [];
    case 'boolean':
      return path && !def.coerce ? [{ path, value: 'yes', kind: 'bad', what: 'text where true or false is asked' }] : [];
    case 'enum':
      return path ? [{ path, value: 'NOT_ON_THE_LIST', kind: 'bad', what: 'a choice off the list' }] : [];
    default:
      return [];
  }
}

/** `base` with each of the case's union choices set, then its value. */
export function caseBody(base: unknown, one: SchemaCase) {
  const chosen = Object.entries(one.choices ?? {}).reduce<unknown>((body, [path, value]) => withValue(body, path, value), base);
  return withValue(chosen, one.path, one.value);
}

/** `base` with `value` at `path`, building the objects and arrays on the way. */
export function withValue(base: unknown, path: string, value: unknown): Record<string, unknown> {
  const root = structuredClone(base && typeof base === 'object' && !Array.isArray(base) ? base : {}) as Record<string, unknown>;
  const keys = path.split('.');
  let node: Record<string, unknown> = root;
  keys.forEach((key, i) => {
    if (i === keys.length - 1) {
      node[key] = value;
      return;
    }
    const nextIsIndex = /^\d+$/.test(keys[i + 1]!);
    const existing = node[key];
    if (!existing || typeof existing !== 'object') node[key] = nextIsIndex ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
  return root;
}
