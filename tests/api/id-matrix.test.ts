import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import { api, bearer, signIn } from '../helpers/auth';
import { snapshot } from '../helpers/db-snapshot';
import { idRouteFixtures, type RouteFixture, seedMatrixRecords } from '../helpers/id-fixtures';
import { PARTNER_HOST, seedDemo } from '../helpers/seed';

/**
 * The generated matrix: every route that takes an id, called with ids of records that belong to Sam (a student of
 * the main tenant) or to the main tenant's admin area, by people who must not reach them. Each must be refused
 * with 401, 403 or 404, and no table may change. Routes come from the app itself, so a new route with an id is
 * covered (or this test fails until it has a fixture).
 */

const REFUSED = [401, 403, 404];

interface Route {
  method: string;
  path: string;
}

const idRoutes: Route[] = [
  ...new Map(
    app.routes.filter((r) => r.method !== 'ALL' && r.path.includes('/:')).map((r) => [`${r.method} ${r.path}`, { method: r.method, path: r.path }] as const),
  ).values(),
];

function fixtureFor(route: Route): RouteFixture | undefined {
  return idRouteFixtures.find((f) => f.match.test(route.path) && (!f.method || f.method === route.method));
}

function requestFor(route: Route, fixture: RouteFixture, headers: Record<string, string>, host = 'localhost') {
  const path = route.path.replace(/^\/api/, '').replace(/:(\w+)/g, (_, name: string) => {
    const value = fixture.params[name];
    if (value === undefined) throw new Error(`${route.method} ${route.path}: the fixture has no value for :${name}`);
    return encodeURIComponent(value);
  });
  const query = fixture.query ? `?${new URLSearchParams(fixture.query)}` : '';
  const hasBody = !['GET', 'HEAD'].includes(route.method);
  return api(
    `${path}${query}`,
    {
      method: route.method,
      headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...fixture.headers, ...headers },
      body: hasBody ? JSON.stringify(fixture.body ?? {}) : undefined,
    },
    host,
  );
}

let maya: string;
let partnerLearner: string;

beforeAll(async () => {
  await seedDemo();
  await seedMatrixRecords();
  maya = await signIn('student2@studyhall.test');
  partnerLearner = await signIn('learner@partner.test', PARTNER_HOST);
});

describe('permissions', () => {
  it('finds the routes that take an id, and every one has a fixture', () => {
    expect(idRoutes.length).toBeGreaterThan(0);
    expect(idRoutes.filter((r) => !fixtureFor(r)).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  const callers: [string, (route: Route, fixture: RouteFixture) => Promise<Response>][] = [
    ['a signed-out caller', (route, fixture) => requestFor(route, fixture, {})],
    ['a student not linked to the record', (route, fixture) => requestFor(route, fixture, bearer(maya))],
    ["another tenant's user, on their own domain", (route, fixture) => requestFor(route, fixture, bearer(partnerLearner), PARTNER_HOST)],
    ["another tenant's token, on this domain", (route, fixture) => requestFor(route, fixture, bearer(partnerLearner))],
  ];

  for (const [who, call] of callers) {
    it(`${who} gets 401, 403 or 404 from every id route, and nothing changes`, async () => {
      const before = await snapshot();
      const outcomes: string[] = [];
      for (const route of idRoutes) {
        const fixture = fixtureFor(route);
        if (!fixture || fixture.public) continue;
        const res = await call(route, fixture);
        if (!REFUSED.includes(res.status)) outcomes.push(`${route.method} ${route.path} → ${res.status} ${await res.text()}`);
      }
      expect(outcomes).toEqual([]);
      expect(await snapshot()).toBe(before);
    }, 30_000); // A hundred-odd routes plus two full-table snapshots: past the 5 s default on a loaded machine.
  }
});
