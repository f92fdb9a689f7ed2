import { and, eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../../platform/errors';
import { sessions, users } from '../../schema/tables';
import type { AppBindings, Db } from '../env';
import { changesState, describedSince, fullName, traceRequest } from '../lib/audit';
import { bearerToken, liveSession, signedInOf } from './signed-in';

/**
 * Reads the bearer token and the `x-user-id` header (the user the caller acts for) and sets `auth`.
 * A parent may act for a linked student; anyone else only for themselves.
 */
export const requireAuth = createMiddleware<AppBindings>(async (c, next) => {
  if (!bearerToken(c.req.header('authorization'))) throw new ApiError(401, 'Sign in to continue');
  // Null for a forged or expired token.
  const signedIn = await signedInOf(c);
  const tenant = c.get('tenant');
  if (!signedIn || signedIn.claims.tid !== tenant._id) throw new ApiError(401, 'Your session has expired. Please sign in again.');
  const { claims, session } = signedIn;

  const db = c.get('db');
  if (!session) throw new ApiError(401, 'Your session has expired. Please sign in again.');
  // The claim alone proves nothing beyond the signature: the session row is what says an admin is acting.
  if ((session.impersonatorId ?? undefined) !== claims.imp) throw new ApiError(401, 'Your session has expired. Please sign in again.');
  if (session.impersonatorId && !(await adminSessionLive(db, session.returnSessionId, session.impersonatorId))) {
    throw new ApiError(401, 'Your session has expired. Please sign in again.');
  }

  let actingUserId = claims.sub;
  const requested = c.req.header('x-user-id');
  if (requested && requested !== claims.sub) {
    if (!signedIn.actsFor?.linked || signedIn.actsFor.userId !== requested) throw new ApiError(403, 'x-user-id: you cannot act for this user');
    actingUserId = requested;
  }

  const impersonatorId = session.impersonatorId ?? undefined;
  c.set('auth', { userId: claims.sub, actingUserId, role: claims.role, sessionId: claims.sid, isGuest: claims.guest, impersonatorId });
  const started = new Date();
  await next();
  // Every change made while acting as someone is recorded, refused ones too: an attempt is worth knowing about. A
  // change that wrote its own described entry needs no second, rawer one.
  if (impersonatorId && changesState(c.req.method, c.req.path) && !(await describedSince(db, tenant._id, claims.sid, started))) {
    const person = await db.select({ firstname: users.firstname, lastname: users.lastname }).from(users).where(eq(users._id, claims.sub)).get();
    await traceRequest(db, {
      tenantId: tenant._id,
      actorId: impersonatorId,
      subjectId: claims.sub,
      subjectLabel: person ? fullName(person) : '',
      sessionId: claims.sid,
      method: c.req.method,
      route: c.req.path,
      status: c.res.status,
    });
  }
});

/** An impersonation lasts only as long as the admin's own session: signing out there ends it here too. */
async function adminSessionLive(db: Db, sessionId: string | null, adminId: string) {
  if (!sessionId) return false;
  const row = await db
    .select({ _id: sessions._id })
    .from(sessions)
    .where(and(eq(sessions._id, sessionId), eq(sessions.userId, adminId), liveSession()))
    .get();
  return Boolean(row);
}

/** Narrows the optional `auth` variable inside handlers mounted behind requireAuth. */
export function authOf(c: { get(key: 'auth'): AppBindings['Variables']['auth'] }) {
  const auth = c.get('auth');
  if (!auth) throw new ApiError(401, 'Sign in to continue');
  return auth;
}
