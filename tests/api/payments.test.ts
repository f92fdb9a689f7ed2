import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutActionResult, CheckoutStarted, Credits, PaymentSummary, SimulatedCheckout } from '../../schema/contracts/payments';
import type { PricedPlan } from '../../schema/contracts/pricing';
import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { creditEntries, paymentSessions, stripeEvents, users } from '../../schema/tables';
import { stripePayments } from '../../worker/lib/payments/adapter';
import { api, bearer, type ErrorJson, postJson, signIn, tokenRequest } from '../helpers/auth';
import { cryptoProvider, deliver, eventFor, MAYA, openSession, PARENT, rowsFor, SAM, SECRET } from '../helpers/payments';
import { db, seedDemo } from '../helpers/seed';

async function tableCounts() {
  const counts = await Promise.all(
    ['payment_sessions', 'stripe_events', 'credit_entries', 'payment_history'].map((name) =>
      env.DB.prepare(`SELECT count(*) AS n FROM ${name}`).first<{ n: number }>(),
    ),
  );
  return counts.map((row) => row?.n);
}

let parentToken: string;
let samToken: string;

beforeAll(async () => {
  await seedDemo();
  [parentToken, samToken] = await Promise.all([signIn(DEMO_USERS.parent.email), signIn(DEMO_USERS.student.email)]);
});

describe('the Stripe adapter (real SDK, mocked HTTP)', () => {
  it('asks Stripe for a Checkout session priced by us and answers its url', async () => {
    const calls: { url: string; body: string }[] = [];
    const fakeStripe: typeof fetch = async (input, init) => {
      calls.push({ url: String(input), body: String(init?.body) });
      return Response.json({ id: 'cs_test_1', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    };
    const adapter = stripePayments('sk_test_fake', SECRET, fakeStripe);
    const made = await adapter.createCheckout({
      reference: 'ps_1',
      tenantId: TENANT_IDS.studyhall,
      amount: 12_000,
      currency: 'SGD',
      description: 'Ten hours',
      successUrl: 'https://studyhall.test/ok',
      cancelUrl: 'https://studyhall.test/no',
    });
    expect(made).toEqual({ providerSessionId: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('https://api.stripe.com/v1/checkout/sessions');
    const form = new URLSearchParams(calls[0]!.body);
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('12000');
    expect(form.get('line_items[0][price_data][currency]')).toBe('sgd');
    expect(form.get('client_reference_id')).toBe('ps_1');
  });

  it('accepts an event signed with its secret and refuses one signed with another', async () => {
    const adapter = stripePayments('sk_test_fake', SECRET);
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'ping', data: { object: {} } });
    const good = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: SECRET, cryptoProvider });
    const bad = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: 'whsec_someone_else', cryptoProvider });
    expect((await adapter.verifyEvent(payload, good)).id).toBe('evt_1');
    await expect(adapter.verifyEvent(payload, bad)).rejects.toMatchObject({ status: 400 });
    await expect(adapter.verifyEvent(payload, undefined)).rejects.toMatchObject({ status: 400 });
  });
});

describe('POST /api/stripe/webhook', () => {
  it('refuses a bad signature with 400 and writes nothing', async () => {
    const session = await openSession();
    const before = await tableCounts();
    const forged = await deliver(eventFor(session, 'checkout.session.completed'), 'whsec_forged');
    expect(forged.status).toBe(400);
    const payload = JSON.stringify(eventFor(session, 'checkout.session.completed'));
    const unsigned = await api('/stripe/webhook', { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload });
    expect(unsigned.status).toBe(400);
    expect(await tableCounts()).toEqual(before);
    expect((await rowsFor(session)).status).toBe('OPEN');
  });

  it('fulfils a paid session once, however often the same event is delivered', async () => {
    const session = await openSession();
    const event = eventFor(session, 'checkout.session.completed');
    const first = await deliver(event);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ eventId: event.id, outcome: 'FULFILLED', duplicate: false });
    const again = await deliver(event);
    expect(await again.json()).toMatchObject({ outcome: 'FULFILLED', duplicate: true });
    const rows = await rowsFor(session);
    expect(rows.status).toBe('PAID');
    expect(rows.entries.map((e) => [e.kind, e.minutes, e.amount, e.currency])).toEqual([['PURCHASE', 600, 12_000, 'SGD']]);
    expect(rows.history.map((h) => [h.paymentType, h.amount, h.currency, h.userId, h.studentId])).toEqual([['FLEXIBLE', 12_000, 'SGD', PARENT, MAYA]]);
    expect(rows.events).toHaveLength(1);
  });

  it('fulfils once when two deliveries race, as the same event and as two events about one payment', async () => {
    const session = await openSession();
    const event = eventFor(session, 'checkout.session.completed');
    const other = eventFor(session, 'checkout.session.async_payment_succeeded');
    const answers = await Promise.all([deliver(event), deliver(event), deliver(other)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const rows = await rowsFor(session);
    expect(rows.status).toBe('PAID');
    expect(rows.entries).toHaveLength(1);
    expect(rows.history).toHaveLength(1);
    expect(rows.events.map((e) => e.eventId).sort()).toEqual([event.id, other.id].sort());
  });

  const pairs: [string, string, 'paid' | 'unpaid', string][] = [
    // A delayed payment: completed while unpaid, then its result.
    ['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'unpaid', 'PAID'],
    ['checkout.session.completed', 'checkout.session.async_payment_failed', 'unpaid', 'FAILED'],
    // Money taken wins over an expiry that arrived late or early.
    ['checkout.session.completed', 'checkout.session.expired', 'paid', 'PAID'],
  ];
  it.each(pairs)('ends %s + %s (first %s) in the same state in either order', async (firstType, secondType, paymentStatus, expected) => {
    const outcomes = [];
    for (const order of [0, 1]) {
      const session = await openSession();
      const events = [eventFor(session, firstType, paymentStatus), eventFor(session, secondType)];
      if (order) events.reverse();
      for (const event of events) expect((await deliver(event)).status).toBe(200);
      const rows = await rowsFor(session);
      outcomes.push([rows.status, rows.entries.length, rows.history.length]);
    }
    const credited = expected === 'PAID' ? 1 : 0;
    expect(outcomes).toEqual([
      [expected, credited, credited],
      [expected, credited, credited],
    ]);
  });

  it('answers 500 and leaves nothing half-written when a fulfilment fails; the retry then fulfils', async () => {
    const session = await openSession();
    const event = eventFor(session, 'checkout.session.completed');
    await env.DB.exec("CREATE TRIGGER refuse_history BEFORE INSERT ON payment_history BEGIN SELECT RAISE(ABORT, 'history refused'); END");
    try {
      const failed = await deliver(event);
      expect(failed.status).toBe(500);
      const rows = await rowsFor(session);
      expect([rows.status, rows.entries.length, rows.history.length]).toEqual(['OPEN', 0, 0]);
      expect(await db.select().from(stripeEvents).where(eq(stripeEvents.eventId, event.id)).all()).toEqual([]);
    } finally {
      await env.DB.exec('DROP TRIGGER refuse_history');
    }
    expect(await (await deliver(event)).json()).toMatchObject({ outcome: 'FULFILLED', duplicate: false });
    const rows = await rowsFor(session);
    expect([rows.status, rows.entries.length, rows.history.length]).toEqual(['PAID', 1, 1]);
  });

  it('acknowledges and records an event type it does not act on, and one about a session it does not know', async () => {
    const ping = { id: `evt_unknown_${crypto.randomUUID()}`, object: 'event', type: 'customer.created', created: 1, data: { object: { id: 'cus_1' } } };
    expect(await (await deliver(ping)).json()).toMatchObject({ outcome: 'IGNORED', duplicate: false });
    const session = await openSession();
    const stranger = eventFor({ ...session, providerSessionId: 'cs_not_ours' }, 'checkout.session.completed');
    expect(await (await deliver(stranger)).json()).toMatchObject({ outcome: 'UNMATCHED' });
    const recorded = await db
      .select({ type: stripeEvents.type, outcome: stripeEvents.outcome })
      .from(stripeEvents)
      .where(eq(stripeEvents.eventId, ping.id))
      .get();
    expect(recorded).toEqual({ type: 'customer.created', outcome: 'IGNORED' });
  });

  it('does not fulfil an event whose amount is not the one we priced', async () => {
    const session = await openSession();
    const event = eventFor(session, 'checkout.session.completed');
    const cheaper = { ...event, data: { object: { ...event.data.object, amount_total: 100 } } };
    expect(await (await deliver(cheaper)).json()).toMatchObject({ outcome: 'MISMATCH' });
    const rows = await rowsFor(session);
    expect([rows.status, rows.entries.length]).toEqual(['OPEN', 0]);
  });
});

describe('the simulated checkout', () => {
  it('shows the session as a simulation, and pay credits the student through the same webhook code', async () => {
    const session = await openSession();
    const page = await api(`/dev/checkout/${session.providerSessionId}`);
    expect(await page.json<SimulatedCheckout>()).toEqual({
      simulated: true,
      sessionId: session.providerSessionId,
      description: 'Ten hours',
      paymentType: 'FLEXIBLE',
      minutes: 600,
      amount: 12_000,
      currency: 'SGD',
      status: 'OPEN',
      billingInterval: null,
      intervalCount: null,
    });
    const paid = await api(`/dev/checkout/${session.providerSessionId}/pay`, { method: 'POST' });
    expect(await paid.json<CheckoutActionResult>()).toEqual({
      outcome: 'FULFILLED',
      redirectUrl: `http://localhost/learning-portal/payment/success?payment=${session._id}`,
    });
    const rows = await rowsFor(session);
    expect([rows.status, rows.entries.length, rows.events[0]?.type]).toEqual(['PAID', 1, 'checkout.session.completed']);
  });

  it('fail and abandon change the session and credit nothing, and send the person to the failed or cancelled page', async () => {
    for (const [action, status, page] of [
      ['fail', 'FAILED', 'failed'],
      ['abandon', 'EXPIRED', 'cancelled'],
    ] as const) {
      const session = await openSession();
      const res = await api(`/dev/checkout/${session.providerSessionId}/${action}`, { method: 'POST' });
      expect(await res.json<CheckoutActionResult>()).toEqual({
        outcome: 'UPDATED',
        redirectUrl: `http://localhost/learning-portal/payment/${page}?payment=${session._id}`,
      });
      const rows = await rowsFor(session);
      expect([rows.status, rows.entries.length, rows.history.length]).toEqual([status, 0, 0]);
    }
  });

  it('answers 404 for an unknown session or action', async () => {
    expect((await api('/dev/checkout/cs_sim_nothing')).status).toBe(404);
    expect((await api('/dev/checkout/cs_sim_nothing/pay', { method: 'POST' })).status).toBe(404);
    const session = await openSession();
    expect((await api(`/dev/checkout/${session.providerSessionId}/refund`, { method: 'POST' })).status).toBe(400);
  });
});

describe('GET /api/credits', () => {
  it('answers a parent the balance of a linked child, by userId or by acting for her', async () => {
    const session = await openSession(SAM);
    await api(`/dev/checkout/${session.providerSessionId}/pay`, { method: 'POST' });
    const bySam = await (await api('/credits', { headers: bearer(samToken) })).json<Credits>();
    const byParent = await (await api(`/credits?userId=${SAM}`, { headers: bearer(parentToken) })).json<Credits>();
    const acting = await (await api('/credits', { headers: bearer(parentToken, { 'x-user-id': SAM }) })).json<Credits>();
    expect(bySam.balanceMinutes).toBeGreaterThanOrEqual(600);
    expect(byParent).toEqual(bySam);
    expect(acting).toEqual(bySam);
    expect(bySam.entries.docs[0]).toMatchObject({ kind: 'PURCHASE', minutes: 600, amount: 12_000, currency: 'SGD', description: 'Ten hours' });
  });

  it('answers 404 for anyone else’s balance, another family’s or another tenant’s', async () => {
    expect((await api(`/credits?userId=${MAYA}`, { headers: bearer(samToken) })).status).toBe(404);
    expect((await api(`/credits?userId=${DEMO_USERS.partnerLearner._id}`, { headers: bearer(parentToken) })).status).toBe(404);
    expect((await api('/credits')).status).toBe(401);
  });

  it('is always the sum of the entries, on every page', async () => {
    const tutor = DEMO_USERS.tutor._id;
    const tutorToken = await signIn(DEMO_USERS.tutor.email);
    const kinds = ['PURCHASE', 'TOPUP', 'LESSON', 'PENALTY', 'REFUND', 'ADJUSTMENT', 'EXPIRY'] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ kind: fc.constantFrom(...kinds), minutes: fc.integer({ min: -600, max: 600 }) }), { maxLength: 30 }),
        fc.integer({ min: 1, max: 10 }),
        async (entries, limit) => {
          // The tutor buys nothing elsewhere in this file, so these are all of his entries.
          await db.delete(creditEntries).where(eq(creditEntries.studentId, tutor));
          if (entries.length) {
            await db
              .insert(creditEntries)
              .values(
                entries.map((entry, i) => ({ ...entry, tenantId: TENANT_IDS.studyhall, studentId: tutor, sourceId: `property_${i}`, description: entry.kind })),
              );
          }
          const expected = entries.reduce((total, entry) => total + entry.minutes, 0);
          const pages: Credits[] = [];
          for (let offset = 0; offset === 0 || offset < entries.length; offset += limit) {
            pages.push(await (await api(`/credits?limit=${limit}&offset=${offset}`, { headers: bearer(tutorToken) })).json<Credits>());
          }
          expect(pages.every((page) => page.balanceMinutes === expected && page.entries.totalDocs === entries.length)).toBe(true);
          expect(pages.flatMap((page) => page.entries.docs).reduce((total, doc) => total + doc.minutes, 0)).toBe(expected);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('POST /api/stripe/v2/flexible-session', () => {
  const STANDARD = 'flexible_plan_standard';

  const buy = (token: string, body: unknown) => postJson('/stripe/v2/flexible-session', body, { headers: bearer(token) });

  async function offeredTo(studentId: string, planId: string) {
    const plans = await (await api(`/flexible-plans?userId=${studentId}`, { headers: bearer(parentToken) })).json<PricedPlan[]>();
    const plan = plans.find((offered) => offered._id === planId);
    if (!plan) throw new Error(`${planId} is not offered to ${studentId}`);
    return plan;
  }

  async function sessionOf(url: string) {
    const providerSessionId = url.split('/').pop()!;
    return (await db.select().from(paymentSessions).where(eq(paymentSessions.providerSessionId, providerSessionId)).get())!;
  }

  it('starts checkout for a parent’s chosen child at the price the server decides, whatever the body says', async () => {
    const plan = await offeredTo(MAYA, STANDARD);
    const res = await buy(parentToken, { planId: STANDARD, studentId: MAYA, amount: 1, currency: 'USD', minutes: 100_000 });
    expect(res.status).toBe(200);
    const { url } = await res.json<CheckoutStarted>();
    expect(url).toMatch(/^\/learning-portal\/dev\/checkout\/cs_sim_/);
    const session = await sessionOf(url);
    expect(session).toMatchObject({
      payerId: PARENT,
      studentId: MAYA,
      paymentType: 'FLEXIBLE',
      itemId: STANDARD,
      amount: plan.price.amount,
      currency: plan.price.currency,
      minutes: plan.minutes,
      status: 'OPEN',
      successUrl: `http://localhost/learning-portal/payment/success?payment=${session._id}`,
    });
    const months = (session.creditExpiresAt!.getTime() - session.createdAt.getTime()) / (24 * 3600 * 1000);
    expect(months).toBeGreaterThanOrEqual(89);
    expect(months).toBeLessThanOrEqual(92);
  });

  it('lets a student buy for themselves, and the simulated pay raises their balance by the plan’s minutes', async () => {
    const plan = await offeredTo(SAM, STANDARD);
    const before = await (await api('/credits', { headers: bearer(samToken) })).json<Credits>();
    const { url } = await (await buy(samToken, { planId: STANDARD })).json<CheckoutStarted>();
    const session = await sessionOf(url);
    expect([session.payerId, session.studentId, session.amount]).toEqual([SAM, SAM, plan.price.amount]);
    const paid = await api(`/dev/checkout/${session.providerSessionId}/pay`, { method: 'POST' });
    expect((await paid.json<CheckoutActionResult>()).outcome).toBe('FULFILLED');
    const after = await (await api('/credits', { headers: bearer(samToken) })).json<Credits>();
    expect(after.balanceMinutes - before.balanceMinutes).toBe(plan.minutes);
    const summary = await (await api(`/payments/${session._id}`, { headers: bearer(samToken) })).json<PaymentSummary>();
    expect(summary).toMatchObject({ status: 'PAID', minutes: plan.minutes, studentId: SAM, balanceMinutes: after.balanceMinutes });
  });

  it('answers 404 for a child of another family, and for a student naming someone else', async () => {
    const stranger = 'user_other_family_child';
    await db
      .insert(users)
      .values({ _id: stranger, tenantId: TENANT_IDS.studyhall, role: 'STUDENT', firstname: 'Olu', email: 'olu@studyhall.test' })
      .onConflictDoNothing();
    const before = await tableCounts();
    expect((await buy(parentToken, { planId: STANDARD, studentId: stranger })).status).toBe(404);
    expect((await buy(samToken, { planId: STANDARD, studentId: MAYA })).status).toBe(404);
    expect((await buy(parentToken, { planId: STANDARD, studentId: DEMO_USERS.partnerLearner._id })).status).toBe(404);
    expect(await tableCounts()).toEqual(before);
  });

  it('names the field for a made-up plan, a plan not offered to the student, and a parent who names no child', async () => {
    const before = await tableCounts();
    for (const [token, body, field] of [
      [parentToken, { planId: 'flexible_plan_made_up', studentId: MAYA }, 'planId'],
      [samToken, { planId: 'flexible_plan_scholarship' }, 'planId'],
      [parentToken, { planId: STANDARD }, 'studentId'],
      [parentToken, { studentId: MAYA }, 'planId'],
    ] as const) {
      const res = await buy(token, body);
      expect(res.status).toBe(400);
      expect((await res.json<ErrorJson>()).errors.map((error) => error.path)).toEqual([field]);
    }
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses a signed-out caller, a guest, a tutor and an admin', async () => {
    const guest = (await (await tokenRequest({ grant_type: 'client_credentials' })).json<{ access_token: string }>()).access_token;
    const [tutor, admin] = await Promise.all([signIn(DEMO_USERS.tutor.email), signIn(DEMO_USERS.admin.email)]);
    expect((await postJson('/stripe/v2/flexible-session', { planId: STANDARD })).status).toBe(401);
    for (const token of [guest, tutor, admin]) expect((await buy(token, { planId: STANDARD })).status).toBe(403);
  });
});

describe('GET /api/payments/:id', () => {
  it('answers the payer and the student, and 404 to anyone else', async () => {
    const session = await openSession(SAM);
    const mayaToken = await signIn(DEMO_USERS.student2.email);
    expect((await api(`/payments/${session._id}`, { headers: bearer(parentToken) })).status).toBe(200);
    expect((await api(`/payments/${session._id}`, { headers: bearer(samToken) })).status).toBe(200);
    expect((await api(`/payments/${session._id}`, { headers: bearer(mayaToken) })).status).toBe(404);
    expect((await api('/payments/ps_nothing', { headers: bearer(parentToken) })).status).toBe(404);
  });
});
