import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutActionResult, CheckoutStarted } from '../../schema/contracts/payments';
import type { PremiumDetailsStarted, PremiumOffer, PremiumStatus } from '../../schema/contracts/premium';
import type { UsageResponse } from '../../schema/contracts/quiz';
import { DEMO_USERS } from '../../schema/seed';
import { paymentSessions, premiumOffers, users } from '../../schema/tables';
import { newId } from '../../schema/tables/columns';
import { stripeEventOf } from '../../worker/lib/payments/simulated';
import { api, bearer, type ErrorJson, expectFieldError, postJson, signIn, signUpBody } from '../helpers/auth';
import { deliver, MAYA, SAM } from '../helpers/payments';
import { db, seedDemo } from '../helpers/seed';

let parentToken: string;
let samToken: string;
let adminToken: string;

beforeAll(async () => {
  await seedDemo();
  [parentToken, samToken, adminToken] = await Promise.all([signIn(DEMO_USERS.parent.email), signIn(DEMO_USERS.student.email), signIn(DEMO_USERS.admin.email)]);
});

const statusOf = async (token: string, userId: string) => (await api(`/stripe/premium/${userId}`, { headers: bearer(token) })).json<PremiumStatus>();
const sessionOf = async (url: string) =>
  (await db
    .select()
    .from(paymentSessions)
    .where(eq(paymentSessions.providerSessionId, url.split('/').pop()!))
    .get())!;
const pay = async (url: string) =>
  (await api(`/dev/checkout/${url.split('/').pop()}/pay`, { method: 'POST' }).then((res) => res.json<CheckoutActionResult>())).outcome;

describe('the premium offer', () => {
  it('is shown to anyone at the tenant’s one price, and answers 404 where none is on sale', async () => {
    const res = await api('/stripe/premium/getProductPrice', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json<PremiumOffer>()).toMatchObject({ name: 'Premium learning', amount: 9900, currency: 'SGD', months: 12 });
    const partner = await api('/stripe/premium/getProductPrice', { method: 'POST' }, 'partner.localhost');
    expect(partner.status).toBe(404);
    expect((await partner.json<ErrorJson>()).message).toBe('Premium is not offered here');
  });

  it('is set by an admin who may edit plans, checked field by field, and takes effect for the next purchase', async () => {
    const put = (body: unknown, token = adminToken) =>
      api('/admin/premium-offer', { method: 'PUT', headers: bearer(token, { 'content-type': 'application/json' }), body: JSON.stringify(body) });
    const good = { name: 'Premium learning', description: 'Unlimited practice.', amount: 9900, currency: 'sgd', months: 12, status: 'ACTIVE' };
    await expectFieldError(await put({ ...good, months: 0 }), 'months');
    await expectFieldError(await put({ ...good, amount: 0 }), 'amount');
    await expectFieldError(await put({ ...good, currency: 'XYZ' }), 'currency');
    expect((await put({ ...good, amount: 1 }, samToken)).status).toBe(403);
    const saved = await put(good);
    expect(saved.status).toBe(200);
    expect((await saved.json<{ offer: PremiumOffer }>()).offer).toMatchObject({ currency: 'SGD', description: 'Unlimited practice.' });
    const read = await api('/admin/premium-offer', { headers: bearer(adminToken) });
    expect((await read.json<{ offer: PremiumOffer }>()).offer.amount).toBe(9900);
    expect(await db.select().from(premiumOffers).where(eq(premiumOffers.tenantId, 'tenant_studyhall')).all()).toHaveLength(1);
  });
});

describe('buying premium', () => {
  it('lets a parent buy it for a child at the tenant’s price, whatever the body says, and lifts her limits once paid', async () => {
    const before = await statusOf(parentToken, MAYA);
    expect(before).toMatchObject({ userId: MAYA, premium: false, until: null });
    const res = await postJson('/stripe/premium/createSession', { studentId: MAYA, amount: 1 }, { headers: bearer(parentToken) });
    expect(res.status).toBe(200);
    const { url } = await res.json<CheckoutStarted>();
    const session = await sessionOf(url);
    expect(session).toMatchObject({ paymentType: 'PREMIUM_UPGRADE', studentId: MAYA, amount: 9900, currency: 'SGD', minutes: 0 });
    expect(await pay(url)).toBe('FULFILLED');
    const after = await statusOf(parentToken, MAYA);
    expect(after.premium).toBe(true);
    const days = (Date.parse(after.until!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(360);
    expect(days).toBeLessThan(370);
    const maya = await signIn(DEMO_USERS.student2.email);
    const usage = await (await api('/usages', { headers: bearer(maya) })).json<UsageResponse>();
    expect(usage.limits).toEqual({ slideViews: null, quizAttempts: null, videoWatches: null });
  });

  it('adds a second purchase’s months to the end of the first, so buying early loses nothing', async () => {
    const first = await statusOf(parentToken, MAYA);
    const { url } = await (await postJson('/stripe/premium/createSession', { studentId: MAYA }, { headers: bearer(parentToken) })).json<CheckoutStarted>();
    await pay(url);
    const second = await statusOf(parentToken, MAYA);
    const months = (Date.parse(second.until!) - Date.parse(first.until!)) / (30.4 * 86_400_000);
    expect(Math.round(months)).toBe(12);
  });

  it('ends when the payment is refunded', async () => {
    const { url } = await (await postJson('/stripe/premium/createSession', {}, { headers: bearer(samToken) })).json<CheckoutStarted>();
    await pay(url);
    expect((await statusOf(samToken, SAM)).premium).toBe(true);
    const paid = await sessionOf(url);
    const refund = stripeEventOf(
      'charge.refunded',
      { id: `ch_${newId()}`, object: 'charge', payment_intent: paid.providerPaymentId, amount: paid.amount, amount_refunded: paid.amount },
      new Date(),
      `evt_${newId()}`,
    );
    expect((await deliver(refund)).status).toBe(200);
    expect(await statusOf(samToken, SAM)).toMatchObject({ premium: false, until: null });
  });

  it('answers 404 for another family’s child, and refuses tutors, admins and the signed out', async () => {
    const tutor = await signIn(DEMO_USERS.tutor.email);
    expect((await postJson('/stripe/premium/createSession', { studentId: 'user_partner_student' }, { headers: bearer(parentToken) })).status).toBe(404);
    expect((await postJson('/stripe/premium/createSession', { studentId: MAYA }, { headers: bearer(samToken) })).status).toBe(404);
    expect((await postJson('/stripe/premium/createSession', 'not json', { headers: bearer(tutor) })).status).toBe(403);
    expect((await postJson('/stripe/premium/createSession', {}, { headers: bearer(adminToken) })).status).toBe(403);
    expect((await postJson('/stripe/premium/createSession', {})).status).toBe(401);
  });

  it('shows a student’s status to them and their parents only', async () => {
    const maya = await signIn(DEMO_USERS.student2.email);
    expect((await api(`/stripe/premium/${SAM}`, { headers: bearer(samToken) })).status).toBe(200);
    expect((await api(`/stripe/premium/${SAM}`, { headers: bearer(parentToken) })).status).toBe(200);
    expect((await api(`/stripe/premium/${SAM}`, { headers: bearer(maya) })).status).toBe(404);
    expect((await api(`/stripe/premium/${SAM}`, { headers: bearer(adminToken) })).status).toBe(404);
  });
});

describe('POST /api/stripe/premium/createSessionWithDetails', () => {
  it('makes a student’s account, signs it in, and answers the Checkout to pay on', async () => {
    const { role: _, ...details } = signUpBody();
    const res = await postJson('/stripe/premium/createSessionWithDetails', { ...details, role: 'PARENT' });
    expect(res.status).toBe(201);
    const body = await res.json<PremiumDetailsStarted>();
    expect(body.user).toMatchObject({ email: details.email, role: { name: 'STUDENT' } });
    expect(body.session.url).toMatch(/^\/learning-portal\/dev\/checkout\/cs_sim_/);
    expect(res.headers.get('set-cookie')).toBeTruthy();
    expect(await pay(body.session.url)).toBe('FULFILLED');
    expect((await statusOf(body.access_token, body.user._id)).premium).toBe(true);
  });

  it('names a bad field and a taken e-mail, and makes no account', async () => {
    const { role: _, ...details } = signUpBody();
    await expectFieldError(await postJson('/stripe/premium/createSessionWithDetails', { ...details, email: 'not-an-address' }), 'email');
    const taken = await postJson('/stripe/premium/createSessionWithDetails', { ...details, email: DEMO_USERS.student.email });
    expect(taken.status).toBe(409);
    expect(await db.select().from(users).where(eq(users.email, details.email)).all()).toHaveLength(0);
  });

  it('makes no account where premium is not on sale', async () => {
    const { role: _, ...details } = signUpBody();
    expect((await postJson('/stripe/premium/createSessionWithDetails', details, {}, 'partner.localhost')).status).toBe(404);
    expect(await db.select().from(users).where(eq(users.email, details.email)).all()).toHaveLength(0);
  });
});
