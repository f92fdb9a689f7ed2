import { and, eq, gt, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError } from '../../platform/errors';
import type { signUpRequest } from '../../schema/contracts/auth';
import { sessions, users } from '../../schema/tables';
import { newId } from '../../schema/tables/columns';
import { verifyAccessToken } from './access-tokens';
import { hashPassword } from './passwords';
import { type Caller, type Refusal, reserveAttempt, THROTTLES, throttleKeys } from './rate-limit';
import { endSession, type Grant, grant } from './sessions';
import type { TenantDb } from './tenant-db';
import { uniqueWrite } from './unique';

const EMAIL_TAKEN = 'An account with this email already exists. Sign in or reset your password.';
const emailTaken = () => new ApiError(409, `email: ${EMAIL_TAKEN}`, [{ path: 'email', message: EMAIL_TAKEN }]);

export interface SignUpRequest {
  caller: Caller;
  /** The request's Authorization header: a guest's session becomes the new account's. */
  authorization: string | undefined;
  account: SignUpAccount;
}

export interface GuestSession {
  sessionId: string;
  userId: string;
}

/**
 * The caller's live guest session on this tenant, from the request's bearer token if it carries one: signing up then
 * turns that guest into the new account, so a free trial booked as a guest stays with the person.
 */
export async function guestSessionOf(tdb: TenantDb, secret: string, authorization: string | undefined): Promise<GuestSession | null> {
  const header = authorization ?? '';
  if (!header.startsWith('Bearer ')) return null;
  const claims = await verifyAccessToken(secret, header.slice(7).trim());
  if (!claims?.guest || claims.tid !== tdb.tenantId) return null;
  const row = await tdb.db
    .select({ sessionId: sessions._id, userId: sessions.userId })
    .from(sessions)
    .innerJoin(users, and(eq(users._id, sessions.userId), eq(users.role, 'GUEST')))
    .where(tdb.where(sessions, eq(sessions._id, claims.sid), eq(sessions.userId, claims.sub), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .get();
  return row ?? null;
}

type SignUpAccount = z.output<typeof signUpRequest>;

/** The new account's row (or the guest's row turned into it), as a statement for whoever runs the batch. */
export async function accountWrite(tdb: TenantDb, guest: GuestSession | null, input: SignUpAccount) {
  const { password, country, ...person } = input;
  const existing = await tdb.db
    .select({ _id: users._id })
    .from(users)
    .where(tdb.where(users, eq(users.email, person.email)))
    .get();
  if (existing) throw emailTaken();
  const account = { ...person, country: country ?? null, passwordHash: await hashPassword(password) };
  const userId = guest?.userId ?? newId();
  const statement = guest
    ? tdb.db
        .update(users)
        .set(account)
        .where(tdb.where(users, eq(users._id, guest.userId)))
    : tdb.db.insert(users).values(tdb.values(users, { ...account, _id: userId }));
  return { userId, guestSessionId: guest?.sessionId ?? null, statement };
}

/** Runs a write that includes the account, answering a lost same-email race with the same 409 as a taken email. */
export const withAccountRace = <T>(write: () => Promise<T>): Promise<T> => uniqueWrite(write, emailTaken);

/** Ends the guest session the account grew out of and opens the new account's session. */
export async function grantNewAccount(tdb: TenantDb, secret: string, userId: string, guestSessionId: string | null): Promise<Grant> {
  if (guestSessionId) await endSession(tdb, guestSessionId);
  const user = await tdb.db
    .select()
    .from(users)
    .where(tdb.where(users, eq(users._id, userId)))
    .get();
  return grant(tdb, secret, user!, 'sign-up');
}

/**
 * Sign-up from the sign-up page: within the throttle on the caller, the account (taking over the caller's guest
 * session when the request carries one) and its first session. Answers the refusal when the throttle blocks it.
 */
export async function signUp(tdb: TenantDb, secret: string, input: SignUpRequest): Promise<{ refused: Refusal } | { granted: Grant }> {
  const refused = await reserveAttempt(tdb.db, [{ key: throttleKeys.signUp(tdb.tenantId, input.caller), policy: THROTTLES.signUp }], 'sign-ups');
  if (refused) return { refused };
  const guest = await guestSessionOf(tdb, secret, input.authorization);
  const write = await accountWrite(tdb, guest, input.account);
  // Two sign-ups with the same email at once: the unique index decides, and the loser gets the same 409.
  await withAccountRace(() => write.statement.run());
  return { granted: await grantNewAccount(tdb, secret, write.userId, write.guestSessionId) };
}
