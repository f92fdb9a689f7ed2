import { and, eq, gt, isNull } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import { signUpRequest } from '../../schema/contracts/auth';
import { sessions, users } from '../../schema/tables';
import { newId } from '../../schema/tables/columns';
import type { AppBindings } from '../env';
import { verifyAccessToken } from '../lib/access-tokens';
import { hashPassword } from '../lib/passwords';
import { callerOf, reserveAttempt, THROTTLES, throttleKeys, tooMany } from '../lib/rate-limit';
import { endSession, grant, rememberSession } from '../lib/sessions';
import { type TenantDb, tenantDb } from '../lib/tenant-db';
import { ApiError } from '../../platform/errors';
import { validate } from '../middleware/validate';
import { uniqueWrite } from '../lib/unique';

const EMAIL_TAKEN = 'An account with this email already exists. Sign in or reset your password.';
const emailTaken = () => new ApiError(409, `email: ${EMAIL_TAKEN}`, [{ path: 'email', message: EMAIL_TAKEN }]);

/**
 * The caller's live guest session on this tenant, if the request carries one: signing up then turns that guest
 * into the new account, so a free trial booked as a guest stays with the person.
 */
async function guestSession(c: Context<AppBindings>, tdb: TenantDb) {
  const header = c.req.header('authorization') ?? '';
  if (!header.startsWith('Bearer ')) return null;
  const claims = await verifyAccessToken(c.env.TOKEN_SECRET, header.slice(7).trim());
  if (!claims?.guest || claims.tid !== tdb.tenantId) return null;
  return tdb.db
    .select({ sessionId: sessions._id, userId: sessions.userId })
    .from(sessions)
    .innerJoin(users, and(eq(users._id, sessions.userId), eq(users.role, 'GUEST')))
    .where(tdb.where(sessions, eq(sessions._id, claims.sid), eq(sessions.userId, claims.sub), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .get();
}

type SignUpAccount = z.output<typeof signUpRequest>;

/** The new account's row (or the caller's guest row turned into it), written by whoever runs the statement. */
export async function accountWrite(c: Context<AppBindings>, tdb: TenantDb, input: SignUpAccount) {
  const { password, country, ...person } = input;
  const existing = await tdb.db.select({ _id: users._id }).from(users).where(tdb.where(users, eq(users.email, person.email))).get();
  if (existing) throw emailTaken();
  const account = { ...person, country: country ?? null, passwordHash: await hashPassword(password) };
  const guest = await guestSession(c, tdb);
  const userId = guest?.userId ?? newId();
  const statement = guest
    ? tdb.db.update(users).set(account).where(tdb.where(users, eq(users._id, guest.userId)))
    : tdb.db.insert(users).values(tdb.values(users, { ...account, _id: userId }));
  return { userId, guestSessionId: guest?.sessionId ?? null, statement };
}

/** Runs a write that includes the account, answering a lost same-email race with the same 409 as a taken email. */
export const withAccountRace = <T>(write: () => Promise<T>): Promise<T> => uniqueWrite(write, emailTaken);

/** Ends the guest session the account grew out of and signs the new account in. */
export async function signInNewAccount(c: Context<AppBindings>, tdb: TenantDb, userId: string, guestSessionId: string | null) {
  if (guestSessionId) await endSession(tdb, guestSessionId);
  const user = await tdb.db.select().from(users).where(tdb.where(users, eq(users._id, userId))).get();
  const granted = await grant(tdb, c.env.TOKEN_SECRET, user!, 'sign-up');
  await rememberSession(c, granted);
  return granted.body;
}

export const signUpRoutes = new Hono<AppBindings>().post('/sign-up', validate('json', signUpRequest), async (c) => {
  const tdb = tenantDb(c);
  const caller = await callerOf(c);
  const refused = await reserveAttempt(tdb.db, [{ key: throttleKeys.signUp(tdb.tenantId, caller), policy: THROTTLES.signUp }], 'sign-ups');
  if (refused) return tooMany(c, refused);
  const write = await accountWrite(c, tdb, c.req.valid('json'));
  // Two sign-ups with the same email at once: the unique index decides, and the loser gets the same 409.
  await withAccountRace(() => write.statement.run());
  return c.json(await signInNewAccount(c, tdb, write.userId, write.guestSessionId), 201);
});
