import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutStarted, CustomerPortalData } from '../../schema/contracts/payments';
import type { PricedPlan } from '../../schema/contracts/pricing';
import type { UsageResponse } from '../../schema/contracts/quiz';
import { DEMO_USERS } from '../../schema/seed';
import { creditEntries, paymentHistory, paymentSessions, subscriptions } from '../../schema/tables';
import { newId } from '../../schema/tables/columns';
import { stripeEventOf } from '../../worker/lib/payments/simulated';
import { api, bearer, type ErrorJson, postJson, signIn } from '../helpers/auth';
import { deliver, eventFor, MAYA, type Session } from '../helpers/payments';
import { db, seedDemo } from '../helpers/seed';

const FOUR = 'subscription_plan_four';
let parent: string;
let maya: string;
let sam: string;

beforeAll(async () => {
  await seedDemo();
  [parent, maya, sam] = await Promise.all([signIn(DEMO_USERS.parent.email), signIn(DEMO_USERS.student2.email), signIn(DEMO_USERS.student.email)]);
});

const subscribe = (token: string, body: unknown) => postJson('/stripe/v2/subscription-session', body, { headers: bearer(token) });

/** Pat starts a subscription for Maya; the session as we recorded it, found by the simulated checkout url. */
async function started(): Promise<Session> {
  const res = await subscribe(parent, { planId: FOUR, studentId: MAYA, amount: 1 });
  expect(res.status, await res.clone().text()).toBe(200);
  const providerSessionId = (await res.json<CheckoutStarted>()).url.split('/').pop()!;
  return (await db.select().from(paymentSessions).where(eq(paymentSessions.providerSessionId, providerSessionId)).get())!;
}

const paidCheckout = (session: Session) => {
  const event = eventFor(session, 'checkout.session.completed');
  return { ...event, data: { object: { ...event.data.object, subscription: `sub_${session._id}`, customer: `cus_${DEMO_USERS.parent._id}` } } };
};
const invoice = (session: Session, reason: 'subscription_create' | 'subscription_cycle', id = `in_${newId()}`) =>
  stripeEventOf(
    'invoice.paid',
    {
      id,
      object: 'invoice',
      billing_reason: reason,
      amount_paid: session.amount,
      currency: session.currency.toLowerCase(),
      customer: `cus_${DEMO_USERS.parent._id}`,
      parent: { type: 'subscription_details', subscription_details: { subscription: `sub_${session._id}`, metadata: { paymentSessionId: session._id } } },
    },
    new Date(),
    `evt_${newId()}`,
  );
const subscriptionEvent = (session: Session, type: string, status = 'active') =>
  stripeEventOf(type, { id: `sub_${session._id}`, object: 'subscription', status, items: { data: [] } }, new Date(), `evt_${newId()}`);

async function stateOf(session: Session) {
  const [sub, entries, history] = await Promise.all([
    db.select().from(subscriptions).where(eq(subscriptions.paymentSessionId, session._id)).all(),
    db.select().from(creditEntries).where(eq(creditEntries.studentId, session.studentId)).all(),
    db.select().from(paymentHistory).where(eq(paymentHistory.studentId, session.studentId)).all(),
  ]);
  const mine = (id: string) => id === session._id || id.startsWith('ps_in_');
  return {
    subscription: sub.map((s) => ({ status: s.status, providerSubscriptionId: s.providerSubscriptionId })),
    credited: entries.filter((e) => mine(e.sourceId)).map((e) => e.minutes),
    history: history.filter((h) => mine(h.paymentSessionId)).length,
  };
}
const usage = async (token: string) => (await api('/usages', { headers: bearer(token) })).json<UsageResponse>();

describe('a subscription plan bought through Checkout', () => {
  it('is priced by the server and starts Checkout in subscription mode, renewing every plan period', async () => {
    const plans = await (await api(`/subscription-plans?userId=${MAYA}`, { headers: bearer(parent) })).json<PricedPlan[] | { docs: PricedPlan[] }>();
    const list = Array.isArray(plans) ? plans : plans.docs;
    const plan = list.find((p) => p._id === FOUR)!;
    const session = await started();
    expect(session).toMatchObject({
      paymentType: 'SUBSCRIPTION',
      amount: plan.price.amount,
      minutes: 240,
      billingInterval: 'month',
      intervalCount: 1,
      payerId: DEMO_USERS.parent._id,
    });
  });

  it('ends the same whether the first invoice or the Checkout completion arrives first, and lifts Maya’s limits', async () => {
    const a = await started();
    await deliver(invoice(a, 'subscription_create'));
    await deliver(paidCheckout(a));
    const b = await started();
    await deliver(paidCheckout(b));
    await deliver(invoice(b, 'subscription_create'));
    for (const session of [a, b]) {
      expect(await stateOf(session)).toMatchObject({ subscription: [{ status: 'ACTIVE', providerSubscriptionId: `sub_${session._id}` }] });
      const rows = await db.select().from(creditEntries).where(eq(creditEntries.sourceId, session._id)).all();
      expect(rows.map((r) => r.minutes)).toEqual([240]);
      expect(await db.select().from(paymentHistory).where(eq(paymentHistory.paymentSessionId, session._id)).all()).toHaveLength(1);
    }
    expect((await usage(maya)).limits).toEqual({ slideViews: null, quizAttempts: null, videoWatches: null });
  });

  it('credits each renewal once, however often its invoice is delivered', async () => {
    const session = await started();
    await deliver(paidCheckout(session));
    const renewal = invoice(session, 'subscription_cycle', `in_${newId()}`);
    await deliver(renewal);
    await deliver(renewal);
    await deliver({ ...renewal, id: `evt_${newId()}` });
    const renewals = await db
      .select()
      .from(creditEntries)
      .where(eq(creditEntries.sourceId, `ps_${renewal.data.object.id}`))
      .all();
    expect(renewals.map((r) => [r.minutes, r.description])).toEqual([[240, expect.stringContaining('(renewal)')]]);
    expect(renewals[0]!.expiresAt).not.toBeNull();
  });

  it('goes past due when a renewal fails, and stays cancelled once deleted whatever arrives after', async () => {
    const session = await started();
    await deliver(paidCheckout(session));
    await deliver({ ...invoice(session, 'subscription_cycle'), type: 'invoice.payment_failed' });
    expect((await stateOf(session)).subscription[0]?.status).toBe('PAST_DUE');
    await deliver(subscriptionEvent(session, 'customer.subscription.deleted', 'canceled'));
    await deliver(subscriptionEvent(session, 'customer.subscription.updated', 'active'));
    expect((await stateOf(session)).subscription[0]?.status).toBe('CANCELED');
  });
});

describe('customer-portal-data', () => {
  it('gives the payer the portal and their subscriptions; the student sees them and no portal', async () => {
    const session = await started();
    await deliver(paidCheckout(session));
    const forParent = await (await api('/stripe/v2/customer-portal-data', { headers: bearer(parent) })).json<CustomerPortalData>();
    expect(forParent.url).toBe(`/learning-portal/dev/customer-portal/cus_${DEMO_USERS.parent._id}`);
    expect(forParent.subscriptions.map((s) => s.studentId)).toContain(MAYA);
    const forMaya = await (await api('/stripe/v2/customer-portal-data', { headers: bearer(maya) })).json<CustomerPortalData>();
    expect(forMaya.url).toBeNull();
    expect(forMaya.subscriptions.length).toBeGreaterThan(0);
    const forSam = await (await api('/stripe/v2/customer-portal-data', { headers: bearer(sam) })).json<CustomerPortalData>();
    expect(forSam.subscriptions.filter((s) => s.studentId === MAYA)).toEqual([]);
  });
});

describe('the simulated customer portal', () => {
  it('lets the payer cancel through a signed deletion event, and nobody else', async () => {
    const session = await started();
    await deliver(paidCheckout(session));
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.paymentSessionId, session._id)).all();
    const portal = `/dev/customer-portal/cus_sim_${DEMO_USERS.parent._id}`;
    expect((await postJson(`/dev/customer-portal/cus_sim_${DEMO_USERS.student.email}/cancel/${row!._id}`, {}, { headers: bearer(sam) })).status).toBe(404);
    expect((await postJson(`/dev/customer-portal/cus_sim_${DEMO_USERS.student._id}/cancel/${row!._id}`, {}, { headers: bearer(sam) })).status).toBe(404);
    const listed = await (await api(portal, { headers: bearer(parent) })).json<{ simulated: boolean; subscriptions: { _id: string }[] }>();
    expect(listed.simulated).toBe(true);
    expect(listed.subscriptions.map((s) => s._id)).toContain(row!._id);
    const cancelled = await postJson(`${portal}/cancel/${row!._id}`, {}, { headers: bearer(parent) });
    expect(cancelled.status).toBe(200);
    expect((await db.select().from(subscriptions).where(eq(subscriptions._id, row!._id)).get())?.status).toBe('CANCELED');
    expect((await api(portal, { headers: bearer(sam) })).status).toBe(404);
  });
});

describe('errors and permissions', () => {
  it('names the field for a plan not offered, writes nothing, and refuses a tutor before reading the body', async () => {
    const before = (await db.select().from(paymentSessions).all()).length;
    const res = await subscribe(parent, { planId: 'flexible_plan_standard', studentId: MAYA });
    expect(res.status).toBe(400);
    expect((await res.json<ErrorJson>()).errors.map((e) => e.path)).toEqual(['planId']);
    const tutor = await signIn(DEMO_USERS.tutor.email);
    expect((await subscribe(tutor, 'not json at all')).status).toBe(403);
    expect((await postJson('/stripe/v2/subscription-session', {})).status).toBe(401);
    expect((await db.select().from(paymentSessions).all()).length).toBe(before);
  });
});
