import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { knownSignInAddresses, signInAttempts, users } from '../../schema/tables';
import type { AppBindings, Db } from '../env';
import { sha256Hex } from './reset-tokens';
import type { TenantDb } from './tenant-db';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * How one key throttles: `free` attempts pass at once; from the `free`-th on, each one blocks the key for a delay that
 * doubles from `firstDelayMs` (capped at `maxDelayMs`); the `hard`-th blocks it until its window ends. A window starts
 * at a key's first attempt and ends after `windowMs`, or when its last block ends if that is later.
 */
export interface ThrottlePolicy {
  free: number;
  hard: number;
  windowMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

const delays = { windowMs: HOUR, firstDelayMs: 15 * SECOND, maxDelayMs: 15 * MINUTE };

/** The numbers and their reasons are in docs/decisions/accounts-entry.md. */
export const THROTTLES = {
  /** Wrong passwords for one account from one address: the key that stops guessing one person's password. */
  pair: { free: 5, hard: 10, ...delays },
  /** Wrong passwords from one address, whatever the account: stops spraying; addresses the account knows skip it. */
  address: { free: 20, hard: 30, ...delays },
  /**
   * Wrong passwords for one account from every address it does not know, together: stops guesses spread over many
   * addresses (a few each, under the pair's and the address's free numbers). Short delays that grow, so a person on
   * a new device waits seconds; the owner's known addresses never count here, so they are never slowed by it.
   */
  spread: { free: 10, hard: 40, windowMs: HOUR, firstDelayMs: 2 * SECOND, maxDelayMs: 5 * MINUTE },
  /** Forgot-password requests from one address. */
  reset: { free: 20, hard: 40, ...delays },
  /** Sign-ups from one address. */
  signUp: { free: 20, hard: 40, ...delays },
} satisfies Record<string, ThrottlePolicy>;

export interface ThrottleKey {
  key: string;
  policy: ThrottlePolicy;
}

/** Wrong passwords for one account, from anywhere: never refuses, only decides when the owner is warned. */
export const WARN_OWNER_AFTER = 5;
export const WARNING_WINDOW_MS = HOUR;
/** Reset mails per account per hour from one address, and from all addresses together. */
export const RESET_MAILS = { perAddress: 3, perAccount: 10 } as const;

const ADDRESS_HASH_LENGTH = 32;

/** Who is calling, as far as throttling needs to know: the address only as a keyed hash, and a rough place. */
export interface Caller {
  addressHash: string;
  /** "Singapore, SG" from Cloudflare's request.cf when present. */
  place: string | null;
}

/**
 * The caller's address is `cf-connecting-ip`, which Cloudflare sets at the edge and a client cannot forge;
 * `x-forwarded-for` is whatever the client wrote. It is hashed with the token secret so the table holds no addresses.
 */
export async function callerOf(c: Context<AppBindings>): Promise<Caller> {
  const address = c.req.header('cf-connecting-ip') ?? 'unknown';
  const cf = c.req.raw.cf as { city?: unknown; country?: unknown } | undefined;
  const place = [cf?.city, cf?.country].filter((part): part is string => typeof part === 'string' && part !== '').join(', ');
  return { addressHash: (await sha256Hex(`${c.env.TOKEN_SECRET}\u0000${address}`)).slice(0, ADDRESS_HASH_LENGTH), place: place || null };
}

/** 429 with Retry-After: the wait is in the header for clients and in the sentence for people. */
export function tooMany(c: Context<AppBindings>, refused: Refusal) {
  c.header('Retry-After', String(refused.retryAfter));
  return c.json({ error: 'too_many_attempts', error_description: refused.message, ...refused, errors: [] }, 429);
}

const normalEmail = (email: string) => email.trim().toLowerCase();

const pairPrefix = (tenantId: string, email: string) => `pair:${tenantId}:${normalEmail(email)}:`;

export const throttleKeys = {
  /** The hash comes last and has a fixed length, so a reset can end every pair of one account by prefix. */
  pair: (tenantId: string, email: string, caller: Caller) => `${pairPrefix(tenantId, email)}${caller.addressHash}`,
  address: (tenantId: string, caller: Caller) => `address:${tenantId}:${caller.addressHash}`,
  account: (tenantId: string, email: string) => `account:${tenantId}:${normalEmail(email)}`,
  spread: (tenantId: string, email: string) => `spread:${tenantId}:${normalEmail(email)}`,
  reset: (tenantId: string, caller: Caller) => `reset:${tenantId}:${caller.addressHash}`,
  resetMail: (tenantId: string, email: string, caller: Caller) => `reset-mail:${tenantId}:${caller.addressHash}:${normalEmail(email)}`,
  signUp: (tenantId: string, caller: Caller) => `sign-up:${tenantId}:${caller.addressHash}`,
};

export interface Refusal {
  /** Seconds until the key that refused the attempt takes attempts again. */
  retryAfter: number;
  message: string;
}

function waitText(seconds: number) {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

export function refusal(blockedUntil: number, now: number, what: string): Refusal {
  const retryAfter = Math.max(1, Math.ceil((blockedUntil - now) / SECOND));
  return { retryAfter, message: `Too many ${what}. Try again in ${waitText(retryAfter)}.` };
}

/** The block that the `n`-th attempt of a window starting at `windowStart` puts on its key, as SQL. */
function blockAfter(policy: ThrottlePolicy, n: SQL, windowStart: SQL, now: number) {
  return sql`CASE
    WHEN ${n} < ${policy.free} THEN 0
    WHEN ${n} < ${policy.hard} THEN ${now} + MIN(${policy.firstDelayMs} * (1 << (${n} - ${policy.free})), ${policy.maxDelayMs})
    ELSE MAX(${windowStart} + ${policy.windowMs}, ${now} + ${policy.maxDelayMs}) END`;
}

/**
 * Counts one attempt on the key in one atomic UPSERT … RETURNING, unless the key is blocked. SQLite evaluates every
 * SET expression against the old row, so each CASE sees the old values. `attempt` is this request's own id: the key
 * returns it only if it counted this attempt, which is how a request learns it was let through.
 */
function countAttempt(db: Db, policy: ThrottlePolicy, key: string, attempt: string, now: number) {
  const t = signInAttempts;
  const blocked = sql`${t.blockedUntil} > ${now}`;
  const expired = sql`(${t.windowStart} <= ${now - policy.windowMs} AND ${t.blockedUntil} <= ${now})`;
  const counted = sql`CASE WHEN ${expired} THEN 1 ELSE ${t.failures} + 1 END`;
  const windowStart = sql`CASE WHEN ${expired} THEN ${now} ELSE ${t.windowStart} END`;
  return db
    .insert(t)
    .values({ key, windowStart: new Date(now), failures: 1, blockedUntil: sql`${blockAfter(policy, sql`1`, sql`${now}`, now)}`, lastAttempt: attempt })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`CASE WHEN ${blocked} THEN ${t.failures} ELSE ${counted} END`,
        windowStart: sql`CASE WHEN ${blocked} THEN ${t.windowStart} ELSE ${windowStart} END`,
        blockedUntil: sql`CASE WHEN ${blocked} THEN ${t.blockedUntil} ELSE ${blockAfter(policy, counted, windowStart, now)} END`,
        lastAttempt: sql`CASE WHEN ${blocked} THEN ${t.lastAttempt} ELSE ${attempt} END`,
      },
    })
    .returning({ blockedUntil: t.blockedUntil, lastAttempt: t.lastAttempt });
}

/**
 * Counts the attempt on every key BEFORE the work it guards (a password check, a mail), and refuses it when any key
 * is blocked. Counting first keeps a concurrent burst exact: every request takes its own number from D1, which
 * serialises writes, so the sixth request is refused whether or not the first five have finished hashing. Keys
 * already blocked are read first, so an attempt one key refuses is not counted on the others.
 */
export async function reserveAttempt(db: Db, keys: ThrottleKey[], what: string, now = Date.now(), watched: ThrottleKey[] = []): Promise<Refusal | null> {
  const current = await db
    .select({ blockedUntil: signInAttempts.blockedUntil })
    .from(signInAttempts)
    .where(
      inArray(
        signInAttempts.key,
        [...keys, ...watched].map((k) => k.key),
      ),
    );
  const latest = Math.max(0, ...current.map((row) => row.blockedUntil.getTime()));
  if (latest > now) return refusal(latest, now, what);

  const attempt = crypto.randomUUID();
  const [first, ...rest] = keys.map(({ key, policy }) => countAttempt(db, policy, key, attempt, now));
  const results = await db.batch([first!, ...rest]);
  const refusedUntil = results
    .flat()
    .filter((row) => row.lastAttempt !== attempt)
    .map((row) => row.blockedUntil.getTime());
  return refusedUntil.length ? refusal(Math.max(...refusedUntil), now, what) : null;
}

/** Whether the person with this e-mail has signed in from the caller's address before. */
export async function isKnownAddress(tdb: TenantDb, email: string, caller: Caller) {
  const row = await tdb.db
    .select({ userId: knownSignInAddresses.userId })
    .from(knownSignInAddresses)
    .innerJoin(users, eq(users._id, knownSignInAddresses.userId))
    .where(
      and(
        tdb.where(knownSignInAddresses, eq(knownSignInAddresses.addressHash, caller.addressHash)),
        eq(users.email, normalEmail(email)),
        isNull(users.deletedAt),
      ),
    )
    .get();
  return Boolean(row);
}

export interface PasswordThrottle {
  /** Counted on every attempt: always (account, address); the address alone unless the account knows it. */
  keys: ThrottleKey[];
  /**
   * The account across every address it does not know (null from a known one): its block refuses the attempt like
   * the others, but only a wrong password counts on it, so a burst the pair refuses does not slow the owner elsewhere.
   */
  spread: ThrottleKey | null;
}

export async function passwordThrottle(tdb: TenantDb, email: string, caller: Caller): Promise<PasswordThrottle> {
  const keys = [{ key: throttleKeys.pair(tdb.tenantId, email, caller), policy: THROTTLES.pair }];
  if (await isKnownAddress(tdb, email, caller)) return { keys, spread: null };
  keys.push({ key: throttleKeys.address(tdb.tenantId, caller), policy: THROTTLES.address });
  return { keys, spread: { key: throttleKeys.spread(tdb.tenantId, email), policy: THROTTLES.spread } };
}

/**
 * A right password ends the pair's count, takes back this attempt from the address's count if it was counted there
 * (lifting the block if that brings it under the free number), and remembers the address for the account.
 */
export async function passwordSucceeded(tdb: TenantDb, userId: string, keys: ThrottleKey[], caller: Caller) {
  const t = signInAttempts;
  const left = sql`MAX(${t.failures} - 1, 0)`;
  const [pair, ...counted] = keys;
  const takeBack = counted.map(({ key, policy }) =>
    tdb.db
      .update(t)
      .set({ failures: left, blockedUntil: sql`CASE WHEN ${left} < ${policy.free} THEN 0 ELSE ${t.blockedUntil} END` })
      .where(eq(t.key, key)),
  );
  await tdb.db.batch([
    tdb.db.delete(t).where(eq(t.key, pair!.key)),
    ...takeBack,
    tdb.db
      .insert(knownSignInAddresses)
      .values(tdb.values(knownSignInAddresses, { userId, addressHash: caller.addressHash }))
      .onConflictDoNothing(),
  ]);
}

/**
 * Counts a wrong password against the account itself, from any address. It never refuses anything; it answers true
 * exactly once per window, on the failure that reaches WARN_OWNER_AFTER, which is when the owner is warned. From an
 * address the account does not know it also counts on the spread key, whose growing block slows the next guess.
 */
export async function passwordFailed(tdb: TenantDb, email: string, spread: ThrottleKey | null, now = Date.now()) {
  const t = signInAttempts;
  if (spread) await countAttempt(tdb.db, spread.policy, spread.key, crypto.randomUUID(), now);
  const expired = sql`${t.windowStart} <= ${now - WARNING_WINDOW_MS}`;
  const row = await tdb.db
    .insert(t)
    .values({ key: throttleKeys.account(tdb.tenantId, email), windowStart: new Date(now), failures: 1 })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${t.failures} + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN ${now} ELSE ${t.windowStart} END`,
      },
    })
    .returning({ failures: t.failures })
    .get();
  return row?.failures === WARN_OWNER_AFTER;
}

/** A password reset proves the person owns the mailbox, so every pair count and the spread count end with it. */
export async function clearAccountAttempts(tdb: TenantDb, email: string) {
  const t = signInAttempts;
  const prefix = pairPrefix(tdb.tenantId, email);
  // By prefix without LIKE: an e-mail's `_` would be a wildcard, and D1 refuses LIKE patterns over 50 bytes.
  await tdb.db.batch([
    tdb.db.delete(t).where(sql`substr(${t.key}, 1, ${prefix.length}) = ${prefix} AND length(${t.key}) = ${prefix.length + ADDRESS_HASH_LENGTH}`),
    tdb.db.delete(t).where(eq(t.key, throttleKeys.spread(tdb.tenantId, email))),
  ]);
}
