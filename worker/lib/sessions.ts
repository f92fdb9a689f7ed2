import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { sign, verify } from 'hono/jwt';
import type { AuthType, TokenResponse } from '../../schema/contracts/auth';
import { sessions, type User, users } from '../../schema/tables';
import type { Actor, AppBindings } from '../env';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from './access-tokens';
import { toPublicUser } from './public-user';
import type { TenantDb } from './tenant-db';

/** How a session was opened: one of the password grant's auth types, a guest session, or a new account. */
export type SessionOrigin = AuthType | 'client_credentials' | 'sign-up';

export interface Grant {
  body: TokenResponse;
  sessionId: string;
}

/** Opens a session row for the user and answers with a token bound to it and to this tenant. */
export async function grant(tdb: TenantDb, secret: string, user: User, origin: SessionOrigin): Promise<Grant> {
  // The session lives exactly as long as its token; there are no refresh tokens, so signing in again starts a new one.
  const expiresAt = new Date(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000);
  const session = await tdb.db
    .insert(sessions)
    .values(tdb.values(sessions, { userId: user._id, authType: origin, expiresAt }))
    .returning({ _id: sessions._id })
    .get();
  const { token, expiresIn } = await signAccessToken(secret, {
    sub: user._id,
    tid: tdb.tenantId,
    sid: session._id,
    role: user.role,
    guest: user.role === 'GUEST',
  });
  return {
    body: { access_token: token, token_type: 'Bearer', expires_in: expiresIn, oauthUser: await toPublicUser(tdb, user) },
    sessionId: session._id,
  };
}

/** A live (not deleted) person of this tenant; guests have no password, cookie or hand-off sign-in. */
export async function activeAccount(tdb: TenantDb, userId: string): Promise<User | null> {
  const user = await tdb.db
    .select()
    .from(users)
    .where(tdb.where(users, eq(users._id, userId), isNull(users.deletedAt)))
    .get();
  return user && user.role !== 'GUEST' ? user : null;
}

/*
 * Each kind of signed token gets its own key derived from TOKEN_SECRET, so a cookie or a hand-off token can never
 * pass as an access token (or the other way round), whatever its claims say.
 */
const cookieKey = (secret: string) => `${secret}:session-cookie`;
const idTokenKey = (secret: string) => `${secret}:id-token`;

interface BoundClaims {
  sub: string;
  tid: string;
  sid: string;
}

async function verifyBound(token: string, key: string): Promise<BoundClaims | null> {
  try {
    const { sub, tid, sid } = (await verify(token, key, 'HS256')) as Record<string, unknown>;
    if (typeof sub !== 'string' || typeof tid !== 'string' || typeof sid !== 'string') return null;
    return { sub, tid, sid };
  } catch {
    return null;
  }
}

export const SESSION_COOKIE = 'studyhall_session';
/** The cookie sign-in works for 30 days after the last sign-in on this browser, unless that session ends. */
export const SESSION_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/**
 * Remembers the browser's session in an HttpOnly cookie for the `cookie` auth type. It is only sent to the API
 * and never to another site (SameSite=Strict), and script on the page cannot read it.
 */
export async function rememberSession(c: Context<AppBindings>, granted: Grant) {
  const claims: BoundClaims = { sub: granted.body.oauthUser._id, tid: c.get('tenant')._id, sid: granted.sessionId };
  const iat = Math.floor(Date.now() / 1000);
  const value = await sign({ ...claims, iat, exp: iat + SESSION_COOKIE_MAX_AGE_SECONDS }, cookieKey(c.env.TOKEN_SECRET), 'HS256');
  setCookie(c, SESSION_COOKIE, value, {
    httpOnly: true,
    secure: new URL(c.req.url).protocol === 'https:',
    sameSite: 'Strict',
    path: '/api',
    maxAge: SESSION_COOKIE_MAX_AGE_SECONDS,
  });
}

export function forgetSession(c: Context<AppBindings>) {
  deleteCookie(c, SESSION_COOKIE, { path: '/api', secure: new URL(c.req.url).protocol === 'https:' });
}

/**
 * The `cookie` auth type: the user named in the username, if the browser's cookie was issued to them on this
 * tenant and the session it remembers has not been ended (sign-out, password reset, admin action).
 */
export async function cookieUser(c: Context<AppBindings>, tdb: TenantDb, userId: string): Promise<User | null> {
  const value = getCookie(c, SESSION_COOKIE);
  const claims = value ? await verifyBound(value, cookieKey(c.env.TOKEN_SECRET)) : null;
  if (!claims || claims.sub !== userId || claims.tid !== tdb.tenantId) return null;
  const session = await tdb.db
    .select({ _id: sessions._id })
    .from(sessions)
    .where(tdb.where(sessions, eq(sessions._id, claims.sid), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .get();
  return session ? activeAccount(tdb, userId) : null;
}

const ID_TOKEN_TTL_SECONDS = 5 * 60;
const ID_TOKEN_SESSION = 'id-token';

/**
 * A one-time hand-off token for the `tpToken` auth type (`#id_token=…&user_id=…` in a link). It is backed by a
 * session row that the exchange consumes, so it works once, and a password reset or sign-out-everywhere ends it.
 */
export async function issueIdToken(tdb: TenantDb, secret: string, userId: string) {
  const expiresAt = new Date(Date.now() + ID_TOKEN_TTL_SECONDS * 1000);
  const row = await tdb.db
    .insert(sessions)
    .values(tdb.values(sessions, { userId, authType: ID_TOKEN_SESSION, expiresAt }))
    .returning({ _id: sessions._id })
    .get();
  const iat = Math.floor(Date.now() / 1000);
  const token = await sign({ sub: userId, tid: tdb.tenantId, sid: row._id, iat, exp: iat + ID_TOKEN_TTL_SECONDS }, idTokenKey(secret), 'HS256');
  return { id_token: token, user_id: userId, expires_in: ID_TOKEN_TTL_SECONDS };
}

/** The `tpToken` auth type: consumes the hand-off token atomically, so two concurrent uses cannot both succeed. */
export async function idTokenUser(tdb: TenantDb, secret: string, userId: string, token: string): Promise<User | null> {
  const claims = await verifyBound(token, idTokenKey(secret));
  if (!claims || claims.sub !== userId || claims.tid !== tdb.tenantId) return null;
  const now = new Date();
  const consumed = await tdb.db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      tdb.where(
        sessions,
        eq(sessions._id, claims.sid),
        eq(sessions.userId, userId),
        eq(sessions.authType, ID_TOKEN_SESSION),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .returning({ _id: sessions._id })
    .get();
  return consumed ? activeAccount(tdb, userId) : null;
}

/** Ends sessions of a user: all of them, or all but the one making the request (a query, so it can join a batch). */
export function revokeSessions(tdb: TenantDb, userId: string, keepSessionId?: string) {
  const open = tdb.where(sessions, eq(sessions.userId, userId), isNull(sessions.revokedAt));
  return tdb.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(keepSessionId ? and(open, ne(sessions._id, keepSessionId)) : open);
}

/** Ends one session (sign-out, the end of an impersonation, a guest session grown into an account). */
export async function endSession(tdb: TenantDb, sessionId: string) {
  await tdb.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(tdb.where(sessions, eq(sessions._id, sessionId), isNull(sessions.revokedAt)));
}

/** A new guest of this tenant with its session: the client_credentials grant. */
export async function grantGuest(tdb: TenantDb, secret: string) {
  const guest = await tdb.db
    .insert(users)
    .values(tdb.values(users, { role: 'GUEST', firstname: 'Guest', lastname: '' }))
    .returning()
    .get();
  return grant(tdb, secret, guest, 'client_credentials');
}

/** The session an admin acts as `targetId` in, tied to the admin's own session to return to. */
export async function openImpersonation(tdb: TenantDb, actor: Actor, targetId: string, expiresAt: Date) {
  const session = await tdb.db
    .insert(sessions)
    .values(tdb.values(sessions, { userId: targetId, authType: 'impersonation', expiresAt, impersonatorId: actor.userId, returnSessionId: actor.sessionId }))
    .returning({ _id: sessions._id })
    .get();
  return session._id;
}
