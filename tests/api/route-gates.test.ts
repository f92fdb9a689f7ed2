import { beforeAll, describe, expect, it } from 'vitest';
import { seedMatrixRecords } from '../helpers/id-fixtures';
import { type AppRoute, appRoutes, type CallerName, callRoute, routeCallers, routeName } from '../helpers/route-callers';
import { seedDemo } from '../helpers/seed';
import { type Gate, type Member, routeGates } from './route-gates.table';

/**
 * Authorise before validate, on every route (issue 22): each route of the router, called with an empty body and no
 * query by each kind of caller, must refuse a caller who may not use it with 401, 403 or 404, never with a 400 that
 * describes its input, and must never answer 5xx. Who may use a route is the explicit table beside this file.
 */

const CALLERS = ['signed out', 'guest', 'student', 'tutor', 'admin without the flag'] as const satisfies CallerName[];
type Caller = (typeof CALLERS)[number];

const REFUSED = [401, 403, 404];

const asMember: Partial<Record<Caller, Member>> = { student: 'student', tutor: 'tutor', 'admin without the flag': 'admin' };

function mayUse(gate: Gate, caller: Caller): boolean {
  switch (gate.kind) {
    case 'public':
      return true;
    case 'ticket':
    case 'parent':
    case 'acting':
    case 'flag':
      return false;
    case 'learner':
      return caller === 'student' || caller === 'guest';
    case 'guestLearner':
      return caller === 'guest';
    case 'session':
      return caller !== 'signed out';
    case 'account':
      return caller !== 'signed out' && caller !== 'guest';
    case 'admin':
      return caller === 'admin without the flag';
    case 'reviewer':
      return caller === 'tutor';
    case 'only':
    case 'record': {
      const member = asMember[caller];
      return member !== undefined && gate.members.includes(member);
    }
  }
}

const routes = appRoutes();

const withoutEntry = (list: AppRoute[]) => list.map(routeName).filter((name) => !(name in routeGates));

let tokens: Record<CallerName, string | undefined>;

beforeAll(async () => {
  await seedDemo();
  await seedMatrixRecords();
  tokens = await routeCallers();
});

describe('permissions', () => {
  it('has an entry in the table for every route of the router, and none for a route that is gone', () => {
    expect(withoutEntry(routes)).toEqual([]);
    const names = routes.map(routeName);
    expect(Object.keys(routeGates).filter((name) => !names.includes(name))).toEqual([]);
  });

  it('names a route added without an entry', () => {
    expect(withoutEntry([routes[0]!, { method: 'POST', path: '/api/admin/new-thing/:id' }])).toEqual(['POST /api/admin/new-thing/:id']);
  });

  it('refuses, with 401, 403 or 404 and never 400, every caller who may not use a route; nobody gets a 5xx', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const gate = routeGates[routeName(route)];
      if (!gate) continue;
      for (const caller of CALLERS) {
        // A WebSocket entry is tried as a socket would open it, so the ticket check answers and not the upgrade check.
        const res = await callRoute(route, tokens[caller], gate.kind === 'ticket' ? { headers: { upgrade: 'websocket' } } : {});
        const allowed = mayUse(gate, caller);
        const ok = res.status < 500 && (allowed ? res.status !== 401 && res.status !== 403 : REFUSED.includes(res.status));
        if (!ok) wrong.push(`${routeName(route)} as ${caller} (${allowed ? 'may use it' : 'may not'}) → ${res.status} ${(await res.text()).slice(0, 160)}`);
        else await res.body?.cancel();
      }
    }
    console.log(`route gates: ${routes.length} routes × ${CALLERS.length} identities checked`);
    expect(wrong).toEqual([]);
  }, 180_000);
});
