import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CANCELLATION_RULES } from '../../schema/contracts/cancellation-policy';
import { app } from '../../worker/app';
import { parsedBy, validatedBy } from '../../worker/middleware/validate';
import { type ErrorJson, signIn } from '../helpers/auth';
import { snapshot } from '../helpers/db-snapshot';
import { idRouteFixtures, seedMatrixRecords } from '../helpers/id-fixtures';
import { type AppRoute, appRoutes, type CallerName, callRoute, type RouteCall, routeCallers, routeName, UNKNOWN_ID } from '../helpers/route-callers';
import { caseBody, type SchemaCase, schemaCases } from '../helpers/schema-cases';
import { COURSE_IDS } from '../helpers/section-fixtures';
import { seedDemo } from '../helpers/seed';
import { type Gate, routeGates } from './route-gates.table';

/**
 * No input answers 500 (issue 22): every route of the router receives generated bad input (wrong types, missing
 * fields, long and unicode strings, huge and negative numbers, prototype-named keys, unknown ids, bodies that are not
 * JSON) from every kind of caller, a full admin included, and must answer below 500. A fixed seed keeps the run the
 * same each time, and the number of generated inputs per route keeps the whole file near a minute in workerd.
 */

const SEED = 22;
/** Generated inputs per route, beyond the fixed examples below: with them, 14 requests per route (5,152 for 368 routes). */
const GENERATED_PER_ROUTE = 5;

const CALLERS: CallerName[] = ['signed out', 'guest', 'student', 'tutor', 'admin without the flag', 'full admin'];

/** Texts that broke or could break a layer below the contracts: LIKE patterns, inherited names, number parsing. */
const nastyText = fc.constantFrom(
  '',
  ' ',
  'a'.repeat(49),
  'a'.repeat(100),
  'é'.repeat(100),
  '😀'.repeat(60),
  '%',
  '_',
  '%_%\\',
  "'; DROP TABLE users; --",
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'prototype',
  '-1',
  '0',
  '1e309',
  'NaN',
  'Infinity',
  '9007199254740993',
  '-9007199254740993',
  'null',
  'true',
  '2030-02-30T25:61:00Z',
  '1970-01-01',
  UNKNOWN_ID,
);
const anyText = fc.oneof(nastyText, fc.string({ maxLength: 120, unit: 'grapheme' }));

const nastyNumber = fc.oneof(
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, -1e308, -1, 0, 0.5, 2 ** 31, -(2 ** 63)),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const { value: badValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    anyText,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(anyText, tie('value'), { maxKeys: 3 }),
  ),
}));

/** Field names the contracts use, and names an object inherits. */
const fieldName = fc.oneof(
  fc.constantFrom(
    ...['title', 'name', 'description', 'email', 'password', 'firstname', 'lastname', 'role', 'status', 'kind', 'type'],
    ...['course', 'courseId', 'userId', 'tutorId', 'studentId', 'submissionId', 'questionId', 'quizId', 'subTopicId', 'topicId', 'sectionId', 'id', '_id'],
    ...['start', 'end', 'date', 'dueAt', 'duration', 'startDate', 'endDate', 'timezone', 'items', 'weekly', 'timeOff', 'bookingRules', 'sections'],
    ...['permissions', 'adminRoleId', 'amount', 'currency', 'note', 'reason', 'answer', 'optionId', 'score', 'room', 'ids', 'sortingKeys'],
    ...['limit', 'offset', 'sortKey', 'sortValue', 'searchText', 'grant_type', 'username', 'client_id', 'token', 'refresh_token'],
    ...['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'],
  ),
  anyText,
);

/** Written by hand so that `__proto__` is an own key of the JSON object the route parses, as an attacker sends it. */
const jsonObject = fc
  .array(fc.tuple(fieldName, badValue), { maxLength: 6 })
  .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`);

const notJson = fc.constantFrom('{', '{"a":', 'not json', '[', '\u0000', 'grant_type=password&username=__proto__&password=x', '<xml/>');

const contentType = fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x');

const body = fc.oneof(
  { arbitrary: jsonObject.map((raw) => ({ raw })), weight: 3 },
  badValue.map((value) => ({ raw: JSON.stringify(value) ?? 'null' })),
  fc.record({ raw: notJson, contentType }),
  fc.constant({}),
);

const queryKey = fc.oneof(
  fc.constantFrom(
    ...['searchText', 'sortKey', 'sortValue', 'limit', 'offset', 'name', 'course', 'date', 'duration', 'startDate', 'endDate'],
    ...['quizId', 'userId', 'to', 'type', 'includeSubmissionCount', 'submissionId', 'ticket', '__proto__', 'constructor'],
  ),
  anyText,
);
const queryValue = fc.oneof(nastyText, fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'desc', 'asc'), anyText);
const query = fc.array(fc.tuple(queryKey, queryValue), { maxLength: 4 }).map((pairs) => new URLSearchParams(pairs).toString());

/** Mostly the fixtures' real records in the path (so the handler reaches the body), sometimes generated ids. */
function requestFor(route: AppRoute) {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const generatedIds = fc.record(Object.fromEntries(names.map((n) => [n, fc.oneof(anyText, fc.constant(UNKNOWN_ID))])));
  const params = names.length ? fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: generatedIds, weight: 1 }) : fc.constant(undefined);
  return fc.record({ caller: fc.constantFrom(...CALLERS), query, body, params });
}

type Generated = { caller: CallerName; query: string; body: { raw?: string; contentType?: string }; params?: Record<string, string> };

/**
 * Tried on every route before the generated inputs: an empty body from every caller (an empty update once answered
 * 500), and prototype-named keys in body and query from the callers most likely to get past the gate.
 */
const examples: [Generated][] = [
  ...CALLERS.map((caller): [Generated] => [{ caller, query: '', body: { raw: '{}' } }]),
  ...(['student', 'tutor', 'full admin'] as const).map((caller): [Generated] => [
    {
      caller,
      query: `sortKey=__proto__&searchText=${'%'.repeat(100)}&limit=-1`,
      body: { raw: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{}},"title":"__proto__","id":"__proto__"}' },
    },
  ]),
];

const describeInput = (input: Generated) =>
  JSON.stringify({ as: input.caller, query: input.query, params: input.params, body: input.body.raw, contentType: input.body.contentType });

const routes = appRoutes();

let tokens: Record<CallerName, string | undefined>;

beforeAll(async () => {
  await seedDemo();
  await seedMatrixRecords();
  tokens = await routeCallers();
});

/**
 * Each route's contracts: those of the `validate` middlewares the router holds for it (a nested app's are wrapped
 * once), and the body a handler parses after its own gate, known once `discoverParsedBodies` has reached it.
 */
function contractsOf(route: AppRoute) {
  const validated = app.routes
    .filter((r) => r.method === route.method && r.path === route.path)
    .map((r) => validatedBy((r.handler as { __COMPOSED_HANDLER?: object }).__COMPOSED_HANDLER ?? r.handler))
    .filter((found) => found !== undefined && (found.target === 'json' || found.target === 'query'));
  const parsed = parsedBy(routeName(route));
  return validated.some((found) => found!.target === 'json') || !parsed ? validated : [...validated, { target: 'json' as const, schema: parsed }];
}

/**
 * Routes that act on the fixture's record (Sam's) without reading a body: deletions, sign-out, a new password for
 * Sam (which ends his sessions) and an invoice's mail. Discovery leaves them alone; nothing there is to learn.
 */
const ACTS_WITHOUT_BODY = /^DELETE |\/(delete|remove\w*|sign-out|resend-user-password|send-mail)(\/|$)/;

/** Routes that check the course a body names before reading the rest of it: the body must name one of Theo's. */
const READS_BODY_COURSE = /^POST \/api(\/admin)?\/(sections|zoom-meetings|team-meetings|resources-and-homeworks)$/;
const course = COURSE_IDS.sam;

/**
 * Every route once, as someone it lets through, with a body no contract takes (`[]`, or only a course where the route
 * checks it first), so nothing is written.
 */
async function discoverParsedBodies(routes: AppRoute[], passers: Passers) {
  for (const route of routes) {
    const gate = routeGates[routeName(route)];
    if (!gate || gate.kind === 'ticket' || gate.kind === 'acting' || ['GET', 'HEAD'].includes(route.method)) continue;
    if (ACTS_WITHOUT_BODY.test(routeName(route))) continue;
    const query = new URLSearchParams(fixtureOf(route)?.query ?? {}).toString();
    const raw = READS_BODY_COURSE.test(routeName(route)) ? JSON.stringify({ course }) : '[]';
    await (await callRoute(route, passerFor(gate, passers), { raw, query })).body?.cancel();
  }
}

/** Fresh sessions of the full admin, Theo, a guest, Sam and Pat (Sam's parent). */
async function signInPassers() {
  const callers = await routeCallers();
  return {
    admin: callers['full admin'],
    tutor: callers.tutor,
    guest: callers.guest,
    sam: await signIn('student@studyhall.test'),
    pat: await signIn('parent@studyhall.test'),
  };
}
type Passers = Awaited<ReturnType<typeof signInPassers>>;

/** Someone the route table lets through, so the input is what answers: Sam for his own records, Theo for his course's. */
function passerFor(gate: Gate, as: Passers): string | undefined {
  switch (gate.kind) {
    case 'flag':
    case 'admin':
    case 'reviewer':
      return as.admin;
    case 'parent':
      return as.pat;
    case 'guestLearner':
      return as.guest;
    case 'record':
      return gate.members.includes('tutor') ? as.tutor : gate.members.includes('admin') ? as.admin : as.sam;
    case 'only':
      return gate.members[0] === 'tutor' ? as.tutor : gate.members[0] === 'admin' ? as.admin : as.sam;
    default:
      return as.sam;
  }
}

/** The tables whose rows differ between two snapshots, with the first changed row of each. */
function changedTables(before: string, after: string) {
  const rows = (snap: string) => new Map(JSON.parse(snap) as [string, unknown[]][]);
  const [was, is] = [rows(before), rows(after)];
  return [...is]
    .filter(([name, now]) => JSON.stringify(now) !== JSON.stringify(was.get(name)))
    .map(([name, now]) => {
      const old = new Set((was.get(name) ?? []).map((row) => JSON.stringify(row)));
      return `${name}: ${clip(now.map((row) => JSON.stringify(row)).find((row) => !old.has(row)) ?? '', 300)}`;
    });
}

/** The first `n` characters, never half of an emoji: a lone surrogate cannot cross to the test runner. */
const clip = (text: string, n: number) => Array.from(text).slice(0, n).join('');

const lesson = { course, title: 'Matrix lesson', start: '2031-01-06T09:00:00Z', duration: 60 };
const policyWith = (penalty: unknown) => ({ ...DEFAULT_CANCELLATION_RULES, tiers: [{ type: 'ANY', requester: 'ANY', withinHours: 24, penalty }] });

/**
 * Valid bodies for routes no fixture gives one, and for each option of a union a route takes (keyed by the route and
 * the option's choices), so a case fails on its own field only and a value exactly at a limit is really taken.
 */
const VALID_BODIES: Record<string, unknown> = {
  'POST /api/onboarding role=STUDENT': {
    role: 'STUDENT',
    curriculum: 'Cambridge IGCSE',
    grade: 'Grade 10',
    subjects: ['Mathematics'],
    timezone: 'Asia/Singapore',
  },
  'POST /api/onboarding role=TUTOR': {
    role: 'TUTOR',
    subjects: [{ curriculum: 'Cambridge IGCSE', subject: 'Chemistry', grade: 'Grade 9' }],
    bio: 'Chemistry teacher with ten years of IGCSE experience.',
    experience: { title: 'Chemistry teacher', organisation: 'Hwa Chong', startDate: '2014-01-01' },
    timezone: 'Asia/Singapore',
  },
  'PUT /api/admin/cancellation-policy tiers.0.penalty.kind=PERCENT': policyWith({ kind: 'PERCENT', basisPoints: 5000 }),
  'PUT /api/admin/cancellation-policy tiers.0.penalty.kind=FIXED': policyWith({ kind: 'FIXED', amount: 1000, currency: 'SGD' }),
  ...Object.fromEntries(
    ['/api', '/api/admin'].flatMap((at) => [
      [`POST ${at}/sections`, { course, title: 'Matrix' }],
      [`POST ${at}/sections kind=SECTION`, { course, kind: 'SECTION', title: 'Matrix' }],
      [`POST ${at}/sections kind=ZOOM`, { ...lesson, kind: 'ZOOM' }],
      [`POST ${at}/sections kind=RESOURCE`, { course, kind: 'RESOURCE', title: 'Matrix' }],
      [`POST ${at}/zoom-meetings`, lesson],
      [`POST ${at}/team-meetings`, lesson],
      [`POST ${at}/resources-and-homeworks`, { course, kind: 'RESOURCE', title: 'Matrix' }],
    ]),
  ),
};

const validBody = (route: AppRoute, one: SchemaCase) =>
  VALID_BODIES[[routeName(route), ...Object.entries(one.choices ?? {}).map(([path, value]) => `${path}=${value}`)].join(' ')] ?? VALID_BODIES[routeName(route)];

const fixtureOf = (route: AppRoute) => idRouteFixtures.find((f) => f.match.test(route.path) && (!f.method || f.method === route.method));

describe('errors', () => {
  it('refuses bad input generated from each route’s own contract with a 400 naming the field, writes nothing, and never fails', async () => {
    const started = Date.now();
    const passers = await signInPassers();
    await discoverParsedBodies(appRoutes(), passers);
    const planned = appRoutes().flatMap((route) => {
      const gate = routeGates[routeName(route)];
      if (!gate || gate.kind === 'ticket' || gate.kind === 'acting') return [];
      return contractsOf(route).map((contract) => ({ route, gate, ...contract!, cases: schemaCases(contract!.schema) }));
    });
    const failures: string[] = [];
    const unreached = new Set<string>();
    let sent = 0;
    let refusedNamingField = 0;

    const send = async ({ route, gate, target }: (typeof planned)[number], one: SchemaCase) => {
      const fixture = fixtureOf(route);
      const baseQuery = fixture?.query ?? {};
      const call: RouteCall =
        target === 'json'
          ? { body: caseBody(validBody(route, one) ?? fixture?.body, one), query: new URLSearchParams(baseQuery).toString() }
          : { query: new URLSearchParams({ ...baseQuery, [one.path]: String(one.value) }).toString(), body: fixture?.body };
      const res = await callRoute(route, passerFor(gate, passers), call);
      sent += 1;
      const text = await res.text();
      const label = `${routeName(route)} ${target} ${one.path} = ${clip(JSON.stringify(one.value), 24)} (${one.what})`;
      if (res.status >= 500) return failures.push(`${label} → ${res.status} ${clip(text, 160)}`);
      if (one.kind === 'edge') return;
      if (res.status < 400) return failures.push(`${label} → ${res.status}: accepted`);
      if (res.status !== 400) return unreached.add(`${routeName(route)} (${res.status})`);
      const named = (JSON.parse(text) as ErrorJson).errors.some((e) => e.path === one.path);
      if (named) refusedNamingField += 1;
      else failures.push(`${label} → 400 not naming the field: ${clip(text, 160)}`);
    };

    // Bad input first, all of it, between two snapshots of every table; then the values exactly at a limit, which may be kept.
    const before = await snapshot();
    const badOf = (plan: (typeof planned)[number]) => plan.cases.filter((c) => c.kind === 'bad' && (plan.target === 'json' || typeof c.value === 'string'));
    // Refused input writes nothing, so several routes are asked at once.
    for (let i = 0; i < planned.length; i += 4) await Promise.all(planned.slice(i, i + 4).flatMap((plan) => badOf(plan).map((c) => send(plan, c))));
    const after = await snapshot();
    if (after !== before) failures.push(`bad input changed ${changedTables(before, after).join(', ')}`);
    for (const plan of planned) await Promise.all(plan.cases.filter((c) => c.kind === 'edge').map((c) => send(plan, c)));

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const casesMade = planned.reduce((n, plan) => n + plan.cases.length, 0);
    console.log(
      `bad input from contracts: ${planned.length} contracts, ${casesMade} cases, ${sent} requests in ${seconds} s, ${refusedNamingField} refused naming the field`,
    );
    expect(failures).toEqual([]);
    // A case the gate refused tested nothing: each route is asked as someone it lets through, with the fixture's ids.
    expect([...unreached]).toEqual([]);
  }, 300_000);
});

describe('errors', () => {
  it('answers every generated bad input on every route below 500', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const before = failures.length;
      const details = await fc.check(
        fc.asyncProperty(requestFor(route), async (input: Generated) => {
          const call: RouteCall = { query: input.query, raw: input.body.raw, params: input.params };
          if (input.body.contentType) call.headers = { 'content-type': input.body.contentType };
          const res = await callRoute(route, tokens[input.caller], call);
          sent += 1;
          if (res.status < 500) {
            await res.body?.cancel();
            return true;
          }
          failures.push(`${routeName(route)} → ${res.status} for ${describeInput(input)}`);
          return false;
        }),
        // The failing input is listed as it was sent; shrinking would only spend requests re-finding the same cause.
        { seed: SEED, numRuns: examples.length + GENERATED_PER_ROUTE, examples, endOnFailure: true },
      );
      // A request that threw instead of answering is a failure too, with no answer to list.
      if (details.failed && failures.length === before) failures.push(`${routeName(route)}: ${String(details.errorInstance)}`);
    }
    console.log(`bad input: ${sent} requests sent`);
    expect(failures).toEqual([]);
  }, 300_000);
});
