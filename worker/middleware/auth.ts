import { and, eq, gt, isNull } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { sessions, userMappers } from '../../schema/tables';
import type { AppBindings } from '../env';
import { verifyAccessToken } from '../lib/access-tokens';
import { ApiError } from './errors';

/**
 * Reads the bearer token and the `x-user-id` header (the user the caller acts for) and sets `auth`.
 * A parent may act for a linked student; anyone else only for themselves.
 */
export const requireAuth = createMiddleware<AppBindings>(async (c, next) => {
  const header = c.req.header('authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token) throw new ApiError(401, 'Sign in to continue');
  const claims = await verifyAccessToken(c.env.TOKEN_SECRET, token);
  const tenant = c.get('tenant');
  if (!claims || claims.tid !== tenant._id) throw new ApiError(401, 'Your session has expired. Please sign in again.');

  const db = c.get('db');
  const session = await db
    .select({ _id: sessions._id })
    .from(sessions)
    .where(and(eq(sessions._id, claims.sid), eq(sessions.userId, claims.sub), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .get();
  if (!session) throw new ApiError(401, 'Your session has expired. Please sign in again.');

  let actingUserId = claims.sub;
  const requested = c.req.header('x-user-id');
  if (requested && requested !== claims.sub) {
    const link = await db
      .select({ _id: userMappers._id })
      .from(userMappers)
      .where(and(eq(userMappers.tenantId, tenant._id), eq(userMappers.parentId, claims.sub), eq(userMappers.studentId, requested)))
      .get();
    if (!link) throw new ApiError(403, 'x-user-id: you cannot act for this user');
    actingUserId = requested;
  }

  c.set('auth', { userId: claims.sub, actingUserId, role: claims.role, sessionId: claims.sid, isGuest: claims.guest });
  await next();
});

/** Narrows the optional `auth` variable inside handlers mounted behind requireAuth. */
export function authOf(c: { get(key: 'auth'): AppBindings['Variables']['auth'] }) {
  const auth = c.get('auth');
  if (!auth) throw new ApiError(401, 'Sign in to continue');
  return auth;
}
