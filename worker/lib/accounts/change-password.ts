import { eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError, fieldError } from '../../../platform/errors';
import type { changePasswordRequest } from '../../../schema/contracts/passwords';
import { users } from '../../../schema/tables';
import type { Actor } from '../../env';
import { hashPassword, verifyPassword } from '../passwords';
import { type Caller, passwordFailed, passwordSucceeded, passwordThrottle, type Refusal, reserveAttempt } from '../rate-limit';
import { revokeSessions } from '../sessions';
import { type WarningContext, warnOwner } from '../sign-in-warning';
import type { TenantDb } from '../tenant-db';

export const CURRENT_PASSWORD_WRONG = 'is not correct';

export interface PasswordChange {
  body: z.output<typeof changePasswordRequest>;
  caller: Caller;
  /** Where the owner's warning mail comes from when wrong current passwords pile up, as after failed sign-ins. */
  warning: WarningContext;
}

/**
 * Changes the signed-in person's own password (a parent acting for a student changes the parent's), keeping the
 * session that asks and ending every other one. A wrong current password counts exactly like a failed sign-in, so
 * this call is no side door for guessing: the same throttle keys refuse it, and the owner is warned at the same count.
 * Answers the refusal when the throttle blocks the attempt; throws for a wrong current password.
 */
export async function changePassword(tdb: TenantDb, actor: Actor, input: PasswordChange): Promise<Refusal | null> {
  const user = await tdb.db
    .select({ _id: users._id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(tdb.where(users, eq(users._id, actor.userId), isNull(users.deletedAt)))
    .get();
  if (!user?.email || !user.passwordHash) throw new ApiError(403, 'This account has no password to change');

  const throttle = await passwordThrottle(tdb, user.email, input.caller);
  const refused = await reserveAttempt(tdb.db, throttle.keys, 'sign-in attempts', Date.now(), throttle.spread ? [throttle.spread] : []);
  if (refused) return refused;
  if (!(await verifyPassword(input.body.currentPassword, user.passwordHash))) {
    if (await passwordFailed(tdb, user.email, throttle.spread)) await warnOwner(tdb, input.warning, user.email, input.caller);
    throw fieldError('currentPassword', CURRENT_PASSWORD_WRONG);
  }
  await passwordSucceeded(tdb, user._id, throttle.keys, input.caller);

  await tdb.db.batch([
    tdb.db
      .update(users)
      .set({ passwordHash: await hashPassword(input.body.newPassword), mustChangePassword: false })
      .where(tdb.where(users, eq(users._id, user._id))),
    revokeSessions(tdb, user._id, actor.sessionId),
  ]);
  return null;
}
