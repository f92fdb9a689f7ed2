import { eq, isNull } from 'drizzle-orm';
import { sign, verify } from 'hono/jwt';
import { ApiError } from '../../../platform/errors';
import { PROGRESS_MESSAGES } from '../../../schema/contracts/progress';
import { users } from '../../../schema/tables';
import { preferencesOf, savePreferences } from '../notifications/inbox';
import type { TenantDb } from '../tenant-db';

/** Its own key derived from TOKEN_SECRET, so no other signed token (an access token, a cookie) can pass as one. */
const unsubscribeKey = (secret: string) => `${secret}:progress-unsubscribe`;
const KIND = 'progress-email-off';

/**
 * The token of a digest's "stop these e-mails" link: it names the person and the tenant and does one thing. It has
 * no expiry, since an old e-mail's link must still work; it can only ever turn an e-mail off.
 */
export const unsubscribeToken = (secret: string, tenantId: string, userId: string) =>
  sign({ sub: userId, tid: tenantId, kind: KIND }, unsubscribeKey(secret), 'HS256');

async function personOf(secret: string, token: string) {
  try {
    const { sub, tid, kind } = (await verify(token, unsubscribeKey(secret), 'HS256')) as Record<string, unknown>;
    return typeof sub === 'string' && typeof tid === 'string' && kind === KIND ? { userId: sub, tenantId: tid } : null;
  } catch {
    return null;
  }
}

/**
 * Turns progress e-mails off for the person the token names, without a sign-in; the app's list and push keep their
 * settings. A forged or altered token, or one of another site, changes nothing and is refused.
 */
export async function unsubscribeFromProgress(tdb: TenantDb, secret: string, token: string) {
  const claims = await personOf(secret, token);
  if (!claims || claims.tenantId !== tdb.tenantId) throw new ApiError(403, PROGRESS_MESSAGES.badLink);
  const person = await tdb.db
    .select({ _id: users._id })
    .from(users)
    .where(tdb.where(users, eq(users._id, claims.userId), isNull(users.deletedAt)))
    .get();
  if (!person) throw new ApiError(403, PROGRESS_MESSAGES.badLink);
  const current = await preferencesOf(tdb, person._id);
  await savePreferences(tdb, person._id, { ...current, progress: { ...current.progress, email: false } });
  return { message: PROGRESS_MESSAGES.unsubscribed };
}
