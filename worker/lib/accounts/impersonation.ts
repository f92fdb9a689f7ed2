import { eq, gt, isNull } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import type { LogInAsUserResponse } from '../../../schema/contracts/admin-users';
import type { TokenResponse } from '../../../schema/contracts/auth';
import { sessions, users } from '../../../schema/tables';
import type { Actor } from '../../env';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from '../access-tokens';
import { findManagedUser } from '../admin-user-record';
import { fullName, nameOf, recordAudit } from '../audit';
import { toPublicUser } from '../public-user';
import { endSession, openImpersonation } from '../sessions';
import type { TenantDb } from '../tenant-db';

export interface ImpersonationStart {
  /** The request's body (the person to act as, and why), read once the caller may act as someone: refusals come first. */
  readInput: () => Promise<{ userId: string; reason: string }>;
  secret: string;
}

/**
 * Log in as user: the admin gets a session of the person's own, tied to the admin's session (which "Return to my
 * account" goes back to) and never outliving it, and the audit log notes who acted as whom.
 */
export async function startImpersonation(tdb: TenantDb, actor: Actor, input: ImpersonationStart): Promise<LogInAsUserResponse> {
  if (actor.impersonatorId) throw new ApiError(403, 'Return to your own account before acting as someone else');
  const { userId, reason } = await input.readInput();
  const target = await findManagedUser(tdb, userId);
  if (target.role === 'ADMIN') throw new ApiError(403, 'You cannot act as another admin');

  const admin = await tdb.db
    .select()
    .from(users)
    .where(tdb.where(users, eq(users._id, actor.userId)))
    .get();
  const adminSession = await tdb.db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(tdb.where(sessions, eq(sessions._id, actor.sessionId)))
    .get();
  if (!admin || !adminSession) throw new ApiError(401, 'Your session has expired. Please sign in again.');

  // It cannot outlive the admin's own session, which is where "Return to my account" goes.
  const expiresAt = new Date(Math.min(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000, adminSession.expiresAt.getTime()));
  const sessionId = await openImpersonation(tdb, actor, target._id, expiresAt);
  const { token, expiresIn } = await signAccessToken(input.secret, {
    sub: target._id,
    tid: tdb.tenantId,
    sid: sessionId,
    role: target.role,
    guest: false,
    imp: admin._id,
  });
  // The entry carries the new session, so what the admin changes in it reads as part of this visit.
  await recordAudit(
    tdb,
    { ...actor, sessionId },
    { action: 'impersonation.start', subject: { type: 'user', id: target._id, label: fullName(target) }, summary: 'Logged in as this person', reason },
  );
  return {
    access_token: token,
    token_type: 'Bearer',
    expires_in: expiresIn,
    oauthUser: await toPublicUser(tdb, target),
    impersonator: { _id: admin._id, firstname: admin.firstname, lastname: admin.lastname },
  };
}

/** "Return to my account": ends the session acting as the person and answers the admin's own session again. */
export async function endImpersonation(tdb: TenantDb, actor: Actor, secret: string): Promise<TokenResponse> {
  const impersonatorId = actor.impersonatorId;
  if (!impersonatorId) throw new ApiError(403, 'You are not acting as another user');
  const current = await tdb.db
    .select({ returnSessionId: sessions.returnSessionId })
    .from(sessions)
    .where(tdb.where(sessions, eq(sessions._id, actor.sessionId)))
    .get();
  await endSession(tdb, actor.sessionId);
  await recordAudit(tdb, actor, {
    action: 'impersonation.end',
    subject: { type: 'user', id: actor.userId, label: await nameOf(tdb, actor.userId) },
    summary: 'Returned to their own account',
  });

  const back = current?.returnSessionId
    ? await tdb.db
        .select({ _id: sessions._id })
        .from(sessions)
        .where(
          tdb.where(
            sessions,
            eq(sessions._id, current.returnSessionId),
            eq(sessions.userId, impersonatorId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, new Date()),
          ),
        )
        .get()
    : undefined;
  const admin = await tdb.db
    .select()
    .from(users)
    .where(tdb.where(users, eq(users._id, impersonatorId), isNull(users.deletedAt)))
    .get();
  if (!back || !admin) throw new ApiError(401, 'Your admin session has ended. Please sign in again.');
  const { token, expiresIn } = await signAccessToken(secret, { sub: admin._id, tid: tdb.tenantId, sid: back._id, role: admin.role, guest: false });
  return { access_token: token, token_type: 'Bearer', expires_in: expiresIn, oauthUser: await toPublicUser(tdb, admin) };
}
