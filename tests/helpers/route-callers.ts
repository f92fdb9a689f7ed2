import { eq } from 'drizzle-orm';
import { TENANT_IDS } from '../../schema/seed';
import { roles, users } from '../../schema/tables';
import { app } from '../../worker/app';
import { api, bearer, signIn, tokenRequest } from './auth';
import { idRouteFixtures } from './id-fixtures';
import { db } from './seed';

/**
 * Every route of the app and the callers the every-route tests try on it (tests/api/route-gates.test.ts,
 * tests/api/bad-input.test.ts). Routes come from the router itself, so a route added later is covered.
 */

export interface AppRoute {
  method: string;
  path: string;
}

export const routeName = (route: AppRoute) => `${route.method} ${route.path}`;

/** Routes after which a caller's session may be gone, in the order they run: sign-out would refuse the other. */
const ENDS_SESSION = ['PUT /api/user/delete', 'POST /api/auth/sign-out'];

/** 0 for most routes, 1 for those that delete a record other routes' fixtures may name, 2 and on for those ending the session. */
function lastingEffect(route: AppRoute) {
  const ending = ENDS_SESSION.indexOf(routeName(route));
  if (ending >= 0) return 2 + ending;
  return route.method === 'DELETE' || /\/(delete|remove\w*)(\/|$)/.test(route.path) ? 1 : 0;
}

/**
 * One entry per method and path (`ALL` entries are middleware mounted with `.use`, not routes), in the router's
 * order except that deletions come after every other route and sign-out and account deletion come last: a caller
 * allowed through may really delete, and the routes tried after must still find the records and the sessions.
 */
export function appRoutes(): AppRoute[] {
  const seen = new Map<string, AppRoute>();
  for (const { method, path } of app.routes) if (method !== 'ALL') seen.set(`${method} ${path}`, { method, path });
  return [...seen.values()].sort((a, b) => lastingEffect(a) - lastingEffect(b));
}

/** An id of no record, for a path parameter no fixture knows. */
export const UNKNOWN_ID = 'no_such_record_0000';

/**
 * The path with its parameters filled by the id matrix's fixtures (real seeded records of Sam's, the main tenant's
 * student) where one matches, else with an unknown id. Headers the fixture needs (a WebSocket upgrade) come along.
 */
export function routeTarget(route: AppRoute, override: Record<string, string> = {}) {
  const fixture = idRouteFixtures.find((f) => f.match.test(route.path) && (!f.method || f.method === route.method));
  const fill = (name: string) => encodeURIComponent(override[name] ?? fixture?.params[name] ?? UNKNOWN_ID);
  const path = route.path.replace(/^\/api/, '').replace(/:(\w+)/g, (_, name: string) => fill(name));
  return { path, headers: fixture?.headers ?? {} };
}

export type CallerName = 'signed out' | 'guest' | 'student' | 'tutor' | 'admin without the flag' | 'full admin';

export const FLAGLESS_ADMIN = { roleId: 'role_gates_flagless', userId: 'user_gates_flagless', email: 'flagless@studyhall.test' } as const;

/**
 * An admin whose tenant role is active but grants nothing: every route behind a permission flag must refuse them,
 * while routes open to any admin let them through.
 */
export async function seedFlaglessAdmin() {
  const source = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users._id, 'user_admin')).get();
  await db.insert(roles).values({ _id: FLAGLESS_ADMIN.roleId, tenantId: TENANT_IDS.studyhall, name: 'No flags', permissions: {} }).onConflictDoNothing();
  await db
    .insert(users)
    .values({
      _id: FLAGLESS_ADMIN.userId,
      tenantId: TENANT_IDS.studyhall,
      email: FLAGLESS_ADMIN.email,
      role: 'ADMIN',
      firstname: 'Flagless',
      lastname: 'Admin',
      adminRoleId: FLAGLESS_ADMIN.roleId,
      passwordHash: source!.passwordHash,
      onboarded: true,
    })
    .onConflictDoNothing();
}

async function guestToken() {
  const res = await tokenRequest({ grant_type: 'client_credentials' });
  if (res.status !== 200) throw new Error(`a guest session could not be opened: ${res.status} ${await res.text()}`);
  return (await res.json<{ access_token: string }>()).access_token;
}

/**
 * Tokens of every caller, after the demo seed: the student is Maya, who is linked to none of the fixtures' records
 * (they are Sam's); the tutor is Theo, who tutors Sam's courses with the Editor role.
 */
export async function routeCallers(): Promise<Record<CallerName, string | undefined>> {
  await seedFlaglessAdmin();
  return {
    'signed out': undefined,
    guest: await guestToken(),
    student: await signIn('student2@studyhall.test'),
    tutor: await signIn('tutor@studyhall.test'),
    'admin without the flag': await signIn(FLAGLESS_ADMIN.email),
    'full admin': await signIn('admin@studyhall.test'),
  };
}

export interface RouteCall {
  query?: string;
  /** Sent JSON-encoded; `raw` instead is sent as it is (a body that is not JSON). */
  body?: unknown;
  raw?: string;
  params?: Record<string, string>;
  headers?: Record<string, string>;
  /** The tenant's domain the call goes to (the main tenant's unless told). */
  host?: string;
}

/** Calls one route as one caller; a body goes with every method but GET and HEAD. */
export function callRoute(route: AppRoute, token: string | undefined, call: RouteCall = {}) {
  const { path, headers } = routeTarget(route, call.params);
  const hasBody = !['GET', 'HEAD'].includes(route.method);
  const body = call.raw ?? JSON.stringify(call.body ?? {});
  return api(
    `${path}${call.query ? `?${call.query}` : ''}`,
    {
      method: route.method,
      headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...headers, ...call.headers, ...(token ? bearer(token) : {}) },
      body: hasBody ? body : undefined,
    },
    call.host,
  );
}
