import { eq, isNull } from 'drizzle-orm';
import { type User, users } from '../../../schema/tables';
import type { MailFrom } from '../mail-from';
import { rehashPassword } from '../password-changes';
import { DUMMY_HASH, needsRehash, verifyPassword } from '../passwords';
import { type Caller, passwordFailed, passwordSucceeded, passwordThrottle, type Refusal, reserveAttempt } from '../rate-limit';
import { warnOwner } from '../sign-in-warning';
import type { TenantDb } from '../tenant-db';

/** Finds the user by email within this tenant only and checks the password; null for any mismatch. */
export async function passwordUser(tdb: TenantDb, email: string, password: string): Promise<User | null> {
  const user = await tdb.db
    .select()
    .from(users)
    .where(tdb.where(users, eq(users.email, email.toLowerCase()), isNull(users.deletedAt)))
    .get();
  // An unknown email still pays for one hash, so response time does not reveal which emails exist.
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user?.passwordHash || !ok || user.role === 'GUEST') return null;
  if (needsRehash(user.passwordHash)) await rehashPassword(tdb, user._id, password);
  return user;
}

export interface PasswordSignIn {
  email: string;
  password: string;
  caller: Caller;
  /** Where the owner's warning mail comes from when failed attempts pile up. */
  warning: MailFrom;
}

/**
 * A sign-in with email and password, within the throttle on the caller and the account: the refusal when it blocks
 * the attempt, else the user (null for a wrong email or password, which counts towards warning the owner).
 */
export async function passwordSignIn(tdb: TenantDb, input: PasswordSignIn): Promise<{ refused: Refusal } | { user: User | null }> {
  const throttle = await passwordThrottle(tdb, input.email, input.caller);
  const refused = await reserveAttempt(tdb.db, throttle.keys, 'sign-in attempts', Date.now(), throttle.spread ? [throttle.spread] : []);
  if (refused) return { refused };
  const user = await passwordUser(tdb, input.email, input.password);
  if (!user) {
    if (await passwordFailed(tdb, input.email, throttle.spread)) await warnOwner(tdb, input.warning, input.email, input.caller);
    return { user: null };
  }
  await passwordSucceeded(tdb, user._id, throttle.keys, input.caller);
  return { user };
}
