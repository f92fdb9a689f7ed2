import { and, eq, gt, isNull, type Placeholder } from 'drizzle-orm';
import type { Context } from 'hono';
import { sessions, userMappers } from '../../schema/tables';
import type { AppBindings, Db } from '../env';
import { type AccessClaims, verifyAccessToken } from '../lib/access-tokens';
import { compiledUnscoped, runBatch } from '../lib/compiled';

/**
 * What a valid bearer token says, the live session row it names (undefined when revoked, expired or unknown), and
 * for a caller asking to act for someone else (`x-user-id`) whether the token's user is that student's parent.
 */
export interface SignedIn {
  claims: AccessClaims;
  session: { impersonatorId: string | null; returnSessionId: string | null } | undefined;
  actsFor?: { userId: string; linked: boolean };
}

export function bearerToken(header: string | undefined) {
  const value = header ?? '';
  return value.startsWith('Bearer ') ? value.slice(7).trim() : '';
}

/** The claims of the request's bearer token when its signature and expiry hold; null without one or when forged. */
export async function bearerClaims(c: Context<AppBindings>) {
  const token = bearerToken(c.req.header('authorization'));
  return token ? verifyAccessToken(c.env.TOKEN_SECRET, token) : null;
}

/** Not revoked and not expired at `now` (a placeholder in a compiled statement). */
export const liveSession = (now: Date | Placeholder = new Date()) => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now));

/** Someone else than the token's user named by `x-user-id`: a parent asking to act for a child. */
export function askedToActFor(c: Context<AppBindings>, claims: AccessClaims) {
  const asked = c.req.header('x-user-id');
  return asked && asked !== claims.sub ? asked : undefined;
}

const liveSessionOf = compiledUnscoped(['sessionId', 'userId', 'now'], (db, p) =>
  db
    .select({ impersonatorId: sessions.impersonatorId, returnSessionId: sessions.returnSessionId })
    .from(sessions)
    .where(and(eq(sessions._id, p.sessionId), eq(sessions.userId, p.userId), liveSession(p.now))),
);

const familyLink = compiledUnscoped(['tenantId', 'parentId', 'studentId'], (db, p) =>
  db
    .select({ _id: userMappers._id })
    .from(userMappers)
    .where(and(eq(userMappers.tenantId, p.tenantId), eq(userMappers.parentId, p.parentId), eq(userMappers.studentId, p.studentId))),
);

/**
 * The two reads that say who a valid token's caller is, to send in one D1 batch with whatever else the request reads
 * first: the session, still live and still its user's, and the parent–student link in the token's tenant (for an
 * `x-user-id` only; otherwise it looks up an id no link has). Every signed-in call makes them, so they are compiled.
 */
export const signedInReads = (db: Db, claims: AccessClaims, asked: string | undefined) =>
  [
    liveSessionOf(db, { sessionId: claims.sid, userId: claims.sub, now: Date.now() }),
    familyLink(db, { tenantId: claims.tid, parentId: claims.sub, studentId: asked ?? '' }),
  ] as const;

export const signedInFrom = (claims: AccessClaims, asked: string | undefined, session: SignedIn['session'], links: unknown[]): SignedIn => ({
  claims,
  session,
  ...(asked ? { actsFor: { userId: asked, linked: links.length > 0 } } : {}),
});

/** The caller as the tenant middleware read them, or, in an app mounted without it, read now. */
export async function signedInOf(c: Context<AppBindings>): Promise<SignedIn | null> {
  const known = c.get('signedIn');
  if (known) return known;
  const claims = await bearerClaims(c);
  if (!claims) return null;
  const asked = askedToActFor(c, claims);
  const [sessionRows, links] = await runBatch(c.get('db'), signedInReads(c.get('db'), claims, asked));
  return signedInFrom(claims, asked, sessionRows[0], links);
}
