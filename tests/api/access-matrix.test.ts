import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHAT_CONNECTION_HEADER } from '../../platform/realtime/chat-connection';
import { DOC_CONNECTION_HEADER } from '../../platform/realtime/doc-connection';
import { encodeIdentity, IDENTITY_HEADER } from '../../platform/realtime/identity';
import { INBOX_TEAM_HEADER } from '../../platform/realtime/inbox-connection';
import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { SEED_COURSE_IDS } from '../../schema/seed-courses';
import { api, bearer, signIn } from '../helpers/auth';
import { idRouteFixtures, SAM_INVOICE, samsPrivateMarkers, seedMatrixRecords } from '../helpers/id-fixtures';
import { type MatrixIdentity, matrixIdentities } from '../helpers/matrix-identities';
import { type AppRoute, appRoutes, callRoute, routeName } from '../helpers/route-callers';
import { COURSE_IDS } from '../helpers/section-fixtures';
import { seedDemo } from '../helpers/seed';
import { type Gate, routeGates } from './route-gates.table';

/**
 * The access matrix (issue 34): every route of the router and every socket, called by seven people none of whom may
 * see Sam's records, each time with Sam's ids (the id matrix's fixtures) and a valid body where the fixture has one.
 * What each may do is the route table's declaration (tests/api/route-gates.table.ts): a caller it refuses must get
 * 401 (no token) or 401/403/404; a caller it lets through may get any answer below 500, but no 2xx that carries
 * Sam's id, address or one of his private records; and no row of Sam's changes. Sockets are opened as a browser
 * does: a ticket for Sam's room, then the upgrade with it, which must never be accepted.
 */

const REFUSED = [401, 403, 404];

/** Sam's room behind each socket route: a socket route without one fails the test, as a route without a gate does. */
const SOCKET_ROOMS: Record<string, { path: string; room: string }> = {
  'GET /api/rt/waiting-room/:waitingId': { path: '/rt/waiting-room/section_maths_lesson_2', room: 'waiting-room/section_maths_lesson_2' },
  'GET /api/rt/docs/:name': { path: `/rt/docs/lesson:${COURSE_IDS.lesson}:board`, room: `doc/lesson:${COURSE_IDS.lesson}:board` },
  'GET /api/rt/chat/course/:courseId': { path: `/rt/chat/course/${SEED_COURSE_IDS.maths}`, room: `chat-course/${SEED_COURSE_IDS.maths}` },
  'GET /api/rt/chat/admin/:userId': { path: `/rt/chat/admin/${DEMO_USERS.student._id}`, room: `chat-admin/${DEMO_USERS.student._id}` },
  'GET /api/rt/inbox': { path: '/rt/inbox', room: `inbox/${DEMO_USERS.student._id}` },
};

/** Whether the table's gate must refuse this person on this route, given that every id in the path is Sam's. */
function mustRefuse(gate: Gate, route: AppRoute, who: MatrixIdentity): boolean {
  const signedOut = who.kind === 'signed out';
  switch (gate.kind) {
    case 'public':
      return false;
    case 'session':
    case 'account':
      return signedOut;
    case 'ticket':
    case 'flag':
    case 'record':
    case 'acting':
    case 'guestLearner':
      return true;
    case 'admin':
      return who.kind !== 'admin';
    case 'parent':
      return who.kind !== 'parent';
    // A parent acts for their child here, so they pass wherever the child would.
    case 'learner':
      return who.kind !== 'student' && who.kind !== 'parent';
    case 'only':
      return !gate.members.some((member) => member === who.kind || (member === 'student' && who.kind === 'parent'));
    // With Sam's record in the path nobody here reviews it; without one, a tutor or parent reads their own learners.
    case 'reviewer':
      return route.path.includes('/:') || (who.kind !== 'tutor' && who.kind !== 'parent');
  }
}

/** Sam's id, address and record ids as whole words, so Maya's `user_student2` is not taken for Sam's `user_student`. */
const samsMarks = () => samsPrivateMarkers().map((mark) => ({ mark, pattern: new RegExp(`(?<![\\w.@-])${mark.replaceAll('.', '\\.')}(?![\\w.@-])`) }));
const markIn = (text: string, marks: ReturnType<typeof samsMarks>) => marks.find(({ pattern }) => pattern.test(text))?.mark;

/** Every row of ours that names Sam or one of his records, so "nothing of Sam's changed" is checked on the data. */
async function samsRows() {
  const marks = samsMarks();
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%' AND name <> 'sign_in_attempts' ORDER BY name",
  ).all<{ name: string }>();
  const parts = await Promise.all(
    results.map(async ({ name }) => {
      const rows = (await env.DB.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all()).results.map((row) => JSON.stringify(row));
      return [name, rows.filter((row) => markIn(row, marks))] as const;
    }),
  );
  return JSON.stringify(parts);
}

const fixtureOf = (route: AppRoute) => idRouteFixtures.find((f) => f.match.test(route.path) && (!f.method || f.method === route.method));

/**
 * What the Worker hands an object with a socket (the identity it verified, the connection it decided), forged as
 * Sam by the caller: the gateway builds a fresh request for the object, so none of it may get through.
 */
const FORGED_HAND_OFF = {
  [IDENTITY_HEADER]: encodeIdentity({
    userId: DEMO_USERS.student._id,
    tenantId: TENANT_IDS.studyhall,
    role: 'STUDENT',
    name: 'Sam',
    ticketId: 'forged',
    ticketExp: 4_102_444_800,
  }),
  [INBOX_TEAM_HEADER]: '1',
  [CHAT_CONNECTION_HEADER]: 'forged',
  [DOC_CONNECTION_HEADER]: 'forged',
};

/** A socket as a browser opens it (with the objects' own headers forged as Sam's): a ticket for Sam's room (when the person has a token), then the upgrade. */
async function openSocket(route: AppRoute, who: MatrixIdentity) {
  const target = SOCKET_ROOMS[routeName(route)]!;
  let query = '';
  if (who.token) {
    const headers = { ...bearer(who.token), ...who.headers, 'content-type': 'application/json' };
    const res = await api('/rt/tickets', { method: 'POST', headers, body: JSON.stringify({ room: target.room }) }, who.host);
    if (res.status !== 200) return res;
    query = `?ticket=${encodeURIComponent((await res.json<{ ticket: string }>()).ticket)}`;
  }
  return api(`${target.path}${query}`, { headers: { upgrade: 'websocket', ...FORGED_HAND_OFF } }, who.host);
}

function callAs(route: AppRoute, gate: Gate, who: MatrixIdentity) {
  if (gate.kind === 'ticket') return openSocket(route, who);
  const fixture = fixtureOf(route);
  const query = fixture?.query ? new URLSearchParams(fixture.query).toString() : undefined;
  return callRoute(route, who.token, { body: fixture?.body, query, headers: who.headers, host: who.host });
}

const routes = appRoutes();
let identities: MatrixIdentity[];

beforeAll(async () => {
  await seedDemo();
  await seedMatrixRecords();
  identities = await matrixIdentities();
});

describe('permissions', () => {
  it('knows Sam’s room behind every socket route', () => {
    const sockets = routes.filter((r) => routeGates[routeName(r)]?.kind === 'ticket').map(routeName);
    expect(sockets.filter((name) => !(name in SOCKET_ROOMS))).toEqual([]);
    expect(Object.keys(SOCKET_ROOMS).filter((name) => !sockets.includes(name))).toEqual([]);
  });

  it('sees Sam’s data in an answer that carries it, so the search below can find a leak', async () => {
    const admin = await signIn('admin@studyhall.test');
    const text = await (await api(`/admin/invoices/${SAM_INVOICE}`, { headers: bearer(admin) })).text();
    expect(markIn(text, samsMarks())).toBeDefined();
  });

  it('answers every route and socket, as every identity with Sam’s ids, as the route table declares, and shows nobody Sam’s data', async () => {
    const started = Date.now();
    const before = await samsRows();
    const marks = samsMarks();
    const wrong: string[] = [];
    const seen = new Map<number, number>();
    let calls = 0;
    for (const route of routes) {
      const name = routeName(route);
      const gate = routeGates[name];
      if (!gate) {
        wrong.push(`${name}: no entry in the route table`);
        continue;
      }
      // The identities are independent of each other, so one route is asked by all of them at once.
      await Promise.all(
        identities.map(async (who) => {
          const res = await callAs(route, gate, who);
          calls += 1;
          seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
          const text = res.status === 101 ? '' : await res.text();
          res.webSocket?.close(1000, 'matrix');
          const refuse = mustRefuse(gate, route, who);
          const expected = refuse ? (who.kind === 'signed out' ? [401] : REFUSED) : null;
          const leaked = res.status >= 200 && res.status < 300 ? markIn(text, marks) : undefined;
          let problem = '';
          if (res.status >= 500) problem = 'a server error';
          else if (expected && !expected.includes(res.status)) problem = `expected ${expected.join('/')}`;
          else if (res.status === 101) problem = 'a socket opened';
          else if (leaked) problem = `Sam's data (${leaked}) in the answer`;
          if (problem) wrong.push(`${name} as ${who.name} → ${res.status}, ${problem}: ${text.slice(0, 160)}`);
        }),
      );
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const statuses = [...seen].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
    console.log(`access matrix: ${routes.length} routes × ${identities.length} identities = ${calls} calls in ${seconds} s (${statuses.join(', ')})`);
    expect(wrong).toEqual([]);
    expect(await samsRows()).toBe(before);
  }, 300_000);
});
