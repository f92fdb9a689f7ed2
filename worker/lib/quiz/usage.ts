import { eq, isNull, sql } from 'drizzle-orm';
import { ApiError, fieldError } from '../../../platform/errors';
import { DEFAULT_LIMITS, quizToasts, type UsageCounts, type UsageKind, type UsageResponse } from '../../../schema/contracts/quiz';
import { usageLimitText } from '../../../schema/contracts/usage-limits';
import { quizTrials, usageCounters, users } from '../../../schema/tables';
import type { Actor } from '../../env';
import { isLinkedChild } from '../family-links';
import { hasPaidAccess } from '../payments/subscriptions';
import type { TenantDb } from '../tenant-db';
import { learnerFor } from './learner';

type Learner = Pick<typeof users.$inferSelect, '_id' | 'role' | 'plans'>;

const TRIAL_MS = 24 * 60 * 60 * 1000;

/** Usage is counted per calendar month in UTC. */
const periodOf = (now: Date) => now.toISOString().slice(0, 7);

export async function usageOf(tdb: TenantDb, learner: Learner, now = new Date()): Promise<UsageResponse> {
  const period = periodOf(now);
  const [row, trial, paid] = await Promise.all([
    tdb.db
      .select()
      .from(usageCounters)
      .where(tdb.where(usageCounters, eq(usageCounters.userId, learner._id), eq(usageCounters.period, period)))
      .get(),
    tdb.db
      .select()
      .from(quizTrials)
      .where(tdb.where(quizTrials, eq(quizTrials.userId, learner._id)))
      .get(),
    learner.role === 'STUDENT' ? hasPaidAccess(tdb, learner._id, now) : false,
  ]);
  const used: UsageCounts = { slideViews: row?.slideViews ?? 0, quizAttempts: row?.quizAttempts ?? 0, videoWatches: row?.videoWatches ?? 0 };
  return {
    period,
    used,
    limits: limitsFor(learner, paid),
    trial: trial ? { startedAt: trial.startedAt.toISOString(), endsAt: trial.endsAt.toISOString(), active: trial.endsAt > now } : null,
  };
}

/** An active subscription or a premium upgrade lifts every limit; otherwise the tenant defaults for the role apply. */
function limitsFor(learner: Learner, paid: boolean): Record<UsageKind, number | null> {
  if (paid) return { slideViews: null, quizAttempts: null, videoWatches: null };
  return { ...DEFAULT_LIMITS[learner.role === 'GUEST' ? 'GUEST' : 'STUDENT'] };
}

/** Counts one use, or refuses with what to do: a guest needs a live trial, anyone at a limit an upgrade or next month. */
export async function countUsage(tdb: TenantDb, learner: Learner, kind: UsageKind, now = new Date()) {
  const usage = await usageOf(tdb, learner, now);
  if (learner.role === 'GUEST') {
    if (!usage.trial) throw new ApiError(403, 'Start your 1 day free trial to take quizzes, or create a free account.');
    if (!usage.trial.active) throw new ApiError(403, 'Your 1 day free trial has ended. Create a free account to keep practising.');
  }
  const limit = usage.limits[kind];
  if (limit !== null && usage.used[kind] >= limit) throw new ApiError(403, usageLimitText(kind, limit, learner.role === 'GUEST', now));
  const column = usageCounters[kind];
  await tdb.db
    .insert(usageCounters)
    .values(tdb.values(usageCounters, { userId: learner._id, period: usage.period, [kind]: 1 }))
    .onConflictDoUpdate({ target: [usageCounters.tenantId, usageCounters.userId, usageCounters.period], set: { [kind]: sql`${column} + 1`, updatedAt: now } });
}

/**
 * `GET /usages/{id}`: a learner's usage this month, to the learner, their linked parents, and admins whose role grants
 * `usage: view`; anyone else (and anyone who is not a learner) answers 404.
 */
export async function usageFor(tdb: TenantDb, actor: Actor, userId: string, adminMay: () => Promise<boolean>) {
  const notFound = new ApiError(404, 'Learner not found');
  const allowed =
    userId === actor.userId ||
    userId === actor.actingUserId ||
    (actor.role === 'PARENT' && (await isLinkedChild(tdb, actor.userId, userId))) ||
    (actor.role === 'ADMIN' && (await adminMay()));
  if (!allowed) throw notFound;
  const learner = await tdb.db
    .select()
    .from(users)
    .where(tdb.where(users, eq(users._id, userId), isNull(users.deletedAt)))
    .get();
  if (!learner || !(learner.role === 'STUDENT' || learner.role === 'GUEST')) throw notFound;
  return usageOf(tdb, learner);
}

/** The caller's own usage this month (a parent sees their student's). */
export async function ownUsage(tdb: TenantDb, actor: Actor) {
  return usageOf(tdb, await learnerFor(tdb, actor));
}

/** Counts a use the client reports; quiz attempts are counted by the server when a quiz starts, never by a client. */
export async function reportUsage(tdb: TenantDb, actor: Actor, input: { kind: UsageKind }) {
  const learner = await learnerFor(tdb, actor);
  if (input.kind === 'quizAttempts') throw fieldError('kind', 'is counted by the server when a quiz starts');
  await countUsage(tdb, learner, input.kind);
  return usageOf(tdb, learner);
}

/** Starts a guest's free trial once; asking again while it runs answers the same trial, and an ended trial is not restarted. */
export async function startQuizTrial(tdb: TenantDb, actor: Actor) {
  const learner = await learnerFor(tdb, actor);
  if (learner.role !== 'GUEST') throw new ApiError(403, 'The free trial is for guests: your account already includes quizzes');
  const existing = await tdb.db
    .select()
    .from(quizTrials)
    .where(tdb.where(quizTrials, eq(quizTrials.userId, learner._id)))
    .get();
  if (existing && existing.endsAt <= new Date()) throw new ApiError(403, 'Your 1 day free trial has ended. Create a free account to keep practising.');
  if (!existing) {
    const now = new Date();
    await tdb.db
      .insert(quizTrials)
      .values(tdb.values(quizTrials, { userId: learner._id, startedAt: now, endsAt: new Date(now.getTime() + TRIAL_MS) }))
      .onConflictDoNothing();
  }
  return { message: quizToasts.trialStarted, usage: await usageOf(tdb, learner), created: !existing };
}
