import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutStarted } from '../../schema/contracts/payments';
import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { SEED_COURSE_IDS } from '../../schema/seed-courses';
import { courseStudents, courses, creditEntries, paymentSessions, subscriptions } from '../../schema/tables';
import { api, bearer, type ErrorJson, postJson, signIn } from '../helpers/auth';
import { MAYA, SAM } from '../helpers/payments';
import { db, seedDemo } from '../helpers/seed';

const MATHS = SEED_COURSE_IDS.maths;
const ONE_OFF = 'course_purchase_one_off';
const UNPRICED = 'course_purchase_unpriced';
let parent: string;
let sam: string;

beforeAll(async () => {
  await seedDemo();
  [parent, sam] = await Promise.all([signIn(DEMO_USERS.parent.email), signIn(DEMO_USERS.student.email)]);
  await db.update(courses).set({ priceAmount: 10_000, priceCurrency: 'SGD', priceDuration: 1, priceDurationUnit: 'MONTHS' }).where(eq(courses._id, MATHS));
  const course = {
    tenantId: TENANT_IDS.studyhall,
    kind: 'One-to-One' as const,
    isOneToOne: true,
    status: 'ACTIVE' as const,
    curriculum: 'IGCSE',
    subject: 'Mathematics',
    grade: 'Grade 10',
    createdBy: DEMO_USERS.admin._id,
  };
  await db.insert(courses).values([
    {
      ...course,
      _id: ONE_OFF,
      title: 'Exam crash course',
      paymentType: 'ONETIME',
      priceAmount: 25_000,
      priceCurrency: 'SGD',
      priceDuration: 3,
      priceDurationUnit: 'MONTHS',
    },
    { ...course, _id: UNPRICED, title: 'Not on sale yet', paymentType: 'ONETIME' },
  ]);
});

const post = (path: string, token: string, body: unknown) => postJson(`/stripe/v2/${path}`, body, { headers: bearer(token) });

/** Starts a purchase, then pays it on the simulated checkout; answers the session as we recorded it. */
async function buyAndPay(path: string, token: string, body: unknown) {
  const res = await post(path, token, body);
  expect(res.status, await res.clone().text()).toBe(200);
  const providerSessionId = (await res.json<CheckoutStarted>()).url.split('/').pop()!;
  expect((await postJson(`/dev/checkout/${providerSessionId}/pay`, {})).status).toBe(200);
  return (await db.select().from(paymentSessions).where(eq(paymentSessions.providerSessionId, providerSessionId)).get())!;
}
const enrolmentOf = (courseId: string, userId: string) =>
  db
    .select()
    .from(courseStudents)
    .where(and(eq(courseStudents.courseId, courseId), eq(courseStudents.userId, userId)))
    .get();

describe('buying a course', () => {
  it('sells a credit-type course as a subscription at its own price, and paying enrols the child', async () => {
    expect(await enrolmentOf(MATHS, MAYA)).toBeUndefined();
    const session = await buyAndPay('subscribe-course', parent, { courseId: MATHS, studentId: MAYA, amount: 1 });
    expect(session).toMatchObject({
      status: 'PAID',
      paymentType: 'COURSE',
      amount: 10_000,
      currency: 'SGD',
      billingInterval: 'month',
      intervalCount: 1,
      studentId: MAYA,
    });
    expect(await enrolmentOf(MATHS, MAYA)).toMatchObject({ status: 'ENROLLED', paymentType: 'CREDIT' });
    expect(await db.select().from(subscriptions).where(eq(subscriptions.paymentSessionId, session._id)).all()).toHaveLength(1);
  });

  it('sells a one-time course once, by the spec’s GET form too', async () => {
    const res = await api(`/stripe/v2/course-subscription-session/${ONE_OFF}`, { headers: bearer(sam) });
    expect(res.status).toBe(200);
    const session = await buyAndPay('subscribe-course', sam, { courseId: ONE_OFF });
    expect(session).toMatchObject({ amount: 25_000, billingInterval: null, minutes: 0 });
    expect(await enrolmentOf(ONE_OFF, SAM)).toMatchObject({ status: 'ENROLLED', paymentType: 'ONETIME' });
  });

  it('tops up a credit-type course with a plan’s minutes, into the course’s own balance', async () => {
    const session = await buyAndPay('top-up-course', sam, { courseId: MATHS, planId: 'flexible_plan_standard' });
    expect(session).toMatchObject({ paymentType: 'COURSE_TOPUP', courseId: MATHS });
    const entry = await db.select().from(creditEntries).where(eq(creditEntries.sourceId, session._id)).get();
    expect(entry).toMatchObject({ kind: 'TOPUP', courseId: MATHS, minutes: session.minutes, studentId: SAM });
    expect(entry!.minutes).toBeGreaterThan(0);
  });
});

describe('the older stripe/* calls', () => {
  it('prices a plan for the student, starts the same Checkout, and opens the payer’s portal', async () => {
    const price = await (await api('/stripe/getProductPrice/flexible_plan_standard', { headers: bearer(sam) })).json<{ amount: number; currency: string }>();
    const session = await buyAndPay('../createSession', sam, { planId: 'flexible_plan_standard' });
    expect(session).toMatchObject({ amount: price.amount, currency: price.currency, paymentType: 'FLEXIBLE' });
    expect((await api('/stripe/getProductPrice/flexible_plan_made_up', { headers: bearer(sam) })).status).toBe(404);
    expect((await api(`/stripe/customerPortal/${MAYA}`, { headers: bearer(sam) })).status).toBe(404);
    expect((await api(`/stripe/customerPortal/${DEMO_USERS.parent._id}`, { headers: bearer(parent) })).status).toBe(200);
  });
});

describe('errors and permissions', () => {
  it('says why a course cannot be bought or topped up, and writes nothing', async () => {
    const before = (await db.select().from(paymentSessions).all()).length;
    for (const [path, body, field] of [
      ['subscribe-course', { courseId: UNPRICED }, 'courseId'],
      ['top-up-course', { courseId: ONE_OFF, planId: 'flexible_plan_standard' }, 'courseId'],
      ['top-up-course', { courseId: SEED_COURSE_IDS.physics, planId: 'flexible_plan_standard' }, 'courseId'],
      ['top-up-course', { courseId: MATHS, planId: 'flexible_plan_made_up' }, 'planId'],
      ['subscribe-course', {}, 'courseId'],
    ] as const) {
      const res = await post(path, sam, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect((await res.json<ErrorJson>()).errors.map((e) => e.path)).toEqual([field]);
    }
    expect((await post('subscribe-course', sam, { courseId: 'course_that_is_not_there' })).status).toBe(404);
    expect((await post('subscribe-course', parent, { courseId: ONE_OFF, studentId: 'user_someone_else' })).status).toBe(404);
    const tutor = await signIn(DEMO_USERS.tutor.email);
    expect((await post('top-up-course', tutor, 'not json')).status).toBe(403);
    expect((await db.select().from(paymentSessions).all()).length).toBe(before);
  });
});
