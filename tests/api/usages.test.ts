import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../schema/contracts/auth';
import { DEFAULT_LIMITS, type UsageResponse } from '../../schema/contracts/quiz';
import { quizTrials, submissions, usageCounters, users } from '../../schema/tables';
import { api, bearer, expectFieldError, postJson, signIn, tokenRequest } from '../helpers/auth';
import { QUIZ_IDS, seedQuizFixtures } from '../helpers/quiz-fixtures';
import { db, seedDemo } from '../helpers/seed';

let sam: string;
let maya: string;
let tutor: string;

beforeAll(async () => {
  await seedDemo();
  await seedQuizFixtures();
  [sam, maya, tutor] = await Promise.all([signIn('student@studyhall.test'), signIn('student2@studyhall.test'), signIn('tutor@studyhall.test')]);
});

const guestToken = async () => (await (await tokenRequest({ grant_type: 'client_credentials' })).json<TokenResponse>()).access_token;
const usage = async (token: string) => (await api('/usages', { headers: bearer(token) })).json<UsageResponse>();
const startQuiz = (token: string, quizId: string = QUIZ_IDS.published) => postJson('/submissions/createByQuizId', { quizId }, { headers: bearer(token) });

describe('happy', () => {
  it('counts quiz attempts (a resumed attempt is not a new one) and other uses against the monthly limits', async () => {
    const before = await usage(sam);
    expect(before.limits).toEqual(DEFAULT_LIMITS.STUDENT);
    expect(before.period).toBe(new Date().toISOString().slice(0, 7));
    await startQuiz(sam);
    await startQuiz(sam);
    const res = await postJson('/usages', { kind: 'slideViews' }, { headers: bearer(sam) });
    expect(res.status).toBe(200);
    expect((await res.json<UsageResponse>()).used).toEqual({
      slideViews: before.used.slideViews + 1,
      quizAttempts: before.used.quizAttempts + 1,
      videoWatches: 0,
    });
  });

  it('starts a guest’s 1 day free trial once, with the product’s own name in the message, and lets the guest take quizzes', async () => {
    const guest = await guestToken();
    expect((await startQuiz(guest)).status).toBe(403);
    const res = await postJson('/usages/quiz-trial', {}, { headers: bearer(guest) });
    expect(res.status).toBe(201);
    const body = await res.json<{ message: string; usage: UsageResponse }>();
    expect(body.message).toBe('Studyhall 1 day Free Trial Started!');
    expect(body.usage.trial?.active).toBe(true);
    expect(Date.parse(body.usage.trial!.endsAt) - Date.parse(body.usage.trial!.startedAt)).toBe(24 * 3600 * 1000);
    expect((await postJson('/usages/quiz-trial', {}, { headers: bearer(guest) })).status).toBe(200);
    const started = await startQuiz(guest);
    expect(started.status).toBe(201);
  });

  it('keeps the limits for a learner who was only offered a subscription plan: paying for one lifts them (subscriptions tests)', async () => {
    await db
      .update(users)
      .set({ plans: { flexiblePlans: [], subscriptionPlans: ['plan_monthly'] } })
      .where(eq(users._id, 'user_student2'));
    expect((await usage(maya)).limits).toEqual(DEFAULT_LIMITS.STUDENT);
    await db
      .update(users)
      .set({ plans: { flexiblePlans: [], subscriptionPlans: [] } })
      .where(eq(users._id, 'user_student2'));
  });
});

describe('errors', () => {
  it('tells a learner at the limit why and what to do, and starts nothing', async () => {
    const period = new Date().toISOString().slice(0, 7);
    await db.insert(usageCounters).values({ tenantId: 'tenant_studyhall', userId: 'user_student2', period, quizAttempts: DEFAULT_LIMITS.STUDENT.quizAttempts });
    const res = await startQuiz(maya, QUIZ_IDS.timed);
    expect(res.status).toBe(403);
    const { message } = await res.json<{ message: string }>();
    expect(message).toContain(`You have used all ${DEFAULT_LIMITS.STUDENT.quizAttempts} quiz attempts`);
    expect(message).toContain('Upgrade your plan');
    expect(await db.select().from(submissions).where(eq(submissions.userId, 'user_student2'))).toHaveLength(0);
  });

  it('tells a guest whose trial ended to create an account', async () => {
    const guest = await guestToken();
    await postJson('/usages/quiz-trial', {}, { headers: bearer(guest) });
    await db.update(quizTrials).set({ endsAt: new Date(Date.now() - 1000) });
    const res = await startQuiz(guest);
    expect(res.status).toBe(403);
    expect((await res.json<{ message: string }>()).message).toBe('Your 1 day free trial has ended. Create a free account to keep practising.');
    expect((await postJson('/usages/quiz-trial', {}, { headers: bearer(guest) })).status).toBe(403);
  });

  it('names a bad usage kind', async () => {
    await expectFieldError(await postJson('/usages', { kind: 'naps' }, { headers: bearer(sam) }), 'kind');
    await expectFieldError(await postJson('/usages', { kind: 'quizAttempts' }, { headers: bearer(sam) }), 'kind');
  });
});

describe('permissions', () => {
  it('needs sign-in, and is for learners only', async () => {
    expect((await api('/usages')).status).toBe(401);
    expect((await api('/usages', { headers: bearer(tutor) })).status).toBe(403);
    const bad = await postJson('/usages', { kind: 'naps' }, { headers: bearer(tutor) });
    expect(bad.status).toBe(403);
    expect((await bad.json<{ errors: unknown[] }>()).errors).toEqual([]);
    expect((await postJson('/usages/quiz-trial', {}, { headers: bearer(sam) })).status).toBe(403);
  });
});

describe('GET /api/usages/:id', () => {
  it('answers a learner their own usage, their parent, and an admin who may view usage; anyone else 404', async () => {
    const [parent, admin] = await Promise.all([signIn('parent@studyhall.test'), signIn('admin@studyhall.test')]);
    const own = await usage(sam);
    for (const token of [sam, parent, admin]) {
      const res = await api('/usages/user_student', { headers: bearer(token) });
      expect(res.status).toBe(200);
      expect((await res.json<UsageResponse>()).used).toEqual(own.used);
    }
    expect((await api('/usages/user_student', { headers: bearer(maya) })).status).toBe(404);
    expect((await api('/usages/user_student', { headers: bearer(tutor) })).status).toBe(404);
    // A tutor is no learner: even an admin finds no usage there.
    expect((await api('/usages/user_tutor', { headers: bearer(admin) })).status).toBe(404);
    expect((await api('/usages/user_student')).status).toBe(401);
  });
});
