import { eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { signInAttempts } from '../../schema/tables';
import type { AppBindings, Db } from '../env';

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** Failed attempts allowed per window: a person mistypes a few times; a school behind one address has many people. */
export const SIGN_IN_LIMITS = { account: 5, address: 20 } as const;

export interface SignInKeys {
  account: string;
  address: string;
}

/** The caller's address: Cloudflare's own header in production; the proxy header only where that is absent (local). */
export function clientAddress(c: Context<AppBindings>) {
  return c.req.header('cf-connecting-ip') ?? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() ?? 'unknown';
}

export function signInKeys(c: Context<AppBindings>, email: string): SignInKeys {
  const tenantId = c.get('tenant')._id;
  return { account: `account:${tenantId}:${email.trim().toLowerCase()}`, address: `address:${tenantId}:${clientAddress(c)}` };
}

/**
 * Counts one attempt on the key in one atomic UPSERT … RETURNING: a window that has passed starts again at 1.
 * SQLite evaluates every SET expression against the old row, so both CASEs see the old window_start.
 */
function countAttempt(db: Db, key: string, now: number) {
  const expired = sql`${signInAttempts.windowStart} <= ${now - SIGN_IN_WINDOW_MS}`;
  return db
    .insert(signInAttempts)
    .values({ key, windowStart: new Date(now), failures: 1 })
    .onConflictDoUpdate({
      target: signInAttempts.key,
      set: {
        failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${signInAttempts.failures} + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN ${now} ELSE ${signInAttempts.windowStart} END`,
      },
    })
    .returning({ failures: signInAttempts.failures, windowStart: signInAttempts.windowStart });
}

export interface Refusal {
  /** Seconds until the window that refused the attempt ends. */
  retryAfter: number;
  message: string;
}

/**
 * Counts the attempt as a failure BEFORE the password is checked, and refuses it when either counter is over its
 * limit. Counting first is what keeps a concurrent burst exact: every request takes its own number from D1,
 * which serialises writes, so the sixth request is refused whether or not the first five have finished hashing.
 * A success then takes its count back (signInSucceeded).
 */
export async function reserveSignInAttempt(db: Db, keys: SignInKeys, now = Date.now()): Promise<Refusal | null> {
  const [[account], [address]] = await db.batch([countAttempt(db, keys.account, now), countAttempt(db, keys.address, now)]);
  const over = [
    account && account.failures > SIGN_IN_LIMITS.account ? account.windowStart.getTime() : null,
    address && address.failures > SIGN_IN_LIMITS.address ? address.windowStart.getTime() : null,
  ].filter((start): start is number => start !== null);
  if (!over.length) return null;
  const retryAfter = Math.max(1, Math.ceil((Math.max(...over) + SIGN_IN_WINDOW_MS - now) / 1000));
  const minutes = Math.ceil(retryAfter / 60);
  return { retryAfter, message: `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.` };
}

/** A right password clears the account's failures and takes back the address's count for this attempt. */
export async function signInSucceeded(db: Db, keys: SignInKeys) {
  await db.batch([
    db.delete(signInAttempts).where(eq(signInAttempts.key, keys.account)),
    db
      .update(signInAttempts)
      .set({ failures: sql`MAX(${signInAttempts.failures} - 1, 0)` })
      .where(eq(signInAttempts.key, keys.address)),
  ]);
}

/** A password reset proves the person owns the address, so the account's lock ends with it. */
export async function clearAccountAttempts(db: Db, tenantId: string, email: string) {
  await db.delete(signInAttempts).where(eq(signInAttempts.key, `account:${tenantId}:${email.toLowerCase()}`));
}
