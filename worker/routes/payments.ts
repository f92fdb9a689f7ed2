import { type Context, Hono } from 'hono';
import { ApiError } from '../../platform/errors';
import { idParam } from '../../schema/contracts/common';
import {
  type CheckoutActionResult,
  type CheckoutStarted,
  checkoutActionParams,
  courseSessionInput,
  courseTopUpInput,
  creditsQuery,
  flexibleSessionInput,
  type SimulatedCheckout,
  type SimulatedPortal,
  simulatedPortalParams,
  subscriptionSessionInput,
} from '../../schema/contracts/payments';
import type { Actor, AppBindings } from '../env';
import { type PaymentsAdapter, paymentsAdapter, requirePayments, type SimulatedPayments } from '../lib/payments/adapter';
import { findSessionByProviderId, paymentResultUrl, paymentSummary } from '../lib/payments/checkout';
import { startCourseCheckout, startCourseTopUp } from '../lib/payments/course-checkout';
import { tellFamily } from '../lib/payments/credit-news';
import { creditOwner, creditsOf } from '../lib/payments/credits';
import { startPlanCheckout } from '../lib/payments/plan-checkout';
import { simulatedCancellation, simulatedCustomerId, simulatedEvent } from '../lib/payments/simulated';
import { customerPortalData, paidBy, subscriptionView } from '../lib/payments/subscriptions';
import { receiveEvent } from '../lib/payments/webhook';
import { plansForStudent } from '../lib/pricing/plans';
import { type TenantDb, tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount, requireRole } from '../middleware/permissions';
import { validate } from '../middleware/validate';

/** Starts a purchase once payments are configured; what is bought was checked, and its price is never the body's. */
async function checkout(c: Context<AppBindings>, start: (tdb: TenantDb, actor: Actor, adapter: PaymentsAdapter, origin: string) => Promise<CheckoutStarted>) {
  const adapter = requirePayments(c.env);
  return c.json(await start(tenantDb(c), authOf(c), adapter, new URL(c.req.url).origin));
}

/** An event fulfilled, then the news to the family's open tabs when it may have moved a balance (after the answer). */
async function received(c: Context<AppBindings>, tdb: TenantDb, adapter: PaymentsAdapter, payload: string, signature: string | undefined) {
  const result = await receiveEvent(tdb, adapter, payload, signature);
  if (result.balanceOf) c.executionCtx.waitUntil(tellFamily(c.env, tdb.tenantId, result.balanceOf.studentId, result.balanceOf.online));
  return result;
}

/** Where a payer comes back from the provider's portal. */
const billingUrl = (c: Context<AppBindings>) => `${new URL(c.req.url).origin}/learning-portal/portal/billing`;

function simulatedOnly(env: AppBindings['Bindings'], path: string): SimulatedPayments {
  const adapter = paymentsAdapter(env);
  if (adapter?.mode !== 'simulated') throw new ApiError(404, `No route for ${path}`);
  return adapter as SimulatedPayments;
}

/**
 * Stripe's webhook, the simulated checkout that feeds it, and the credit balance (issue 31). The webhook has no
 * session: the signature on its raw body is its only credential, so the body is read as text before anything parses it.
 */
export const paymentRoutes = new Hono<AppBindings>()
  .post('/stripe/webhook', async (c) => {
    const adapter = requirePayments(c.env);
    const { balanceOf: _, ...answer } = await received(c, tenantDb(c), adapter, await c.req.text(), c.req.header('stripe-signature'));
    return c.json(answer);
  })
  // The session id is the capability, as a Stripe Checkout url is: whoever holds the link may pay it.
  .get('/dev/checkout/:sessionId', async (c) => {
    simulatedOnly(c.env, new URL(c.req.url).pathname);
    const session = await findSessionByProviderId(tenantDb(c), c.req.param('sessionId'));
    const body: SimulatedCheckout = {
      simulated: true,
      sessionId: session.providerSessionId,
      description: session.description,
      paymentType: session.paymentType,
      minutes: session.minutes,
      amount: session.amount,
      currency: session.currency,
      status: session.status,
      billingInterval: session.billingInterval,
      intervalCount: session.intervalCount,
    };
    return c.json(body);
  })
  .post(
    '/dev/checkout/:sessionId/:action',
    async (c, next) => {
      simulatedOnly(c.env, new URL(c.req.url).pathname);
      await next();
    },
    validate('param', checkoutActionParams),
    async (c) => {
      const adapter = simulatedOnly(c.env, new URL(c.req.url).pathname);
      const tdb = tenantDb(c);
      const { sessionId, action } = c.req.valid('param');
      const session = await findSessionByProviderId(tdb, sessionId);
      const payload = JSON.stringify(simulatedEvent(session, action, new Date()));
      const result = await received(c, tdb, adapter, payload, await adapter.sign(payload));
      // Stripe keeps a declined card on its own page; a failure that reaches us is a delayed one, told apart here.
      const redirectUrl = {
        pay: session.successUrl,
        abandon: session.cancelUrl,
        fail: paymentResultUrl(new URL(session.cancelUrl).origin, 'failed', session._id),
      };
      const body: CheckoutActionResult = { outcome: result.outcome, redirectUrl: redirectUrl[action] };
      return c.json(body);
    },
  )
  // The simulated portal: as Stripe's, it manages the subscriptions its customer (here, the signed-in payer) pays for.
  .get('/dev/customer-portal/:customerId', requireAuth, requireAccount, async (c) => {
    simulatedOnly(c.env, new URL(c.req.url).pathname);
    const actor = authOf(c);
    if (c.req.param('customerId') !== simulatedCustomerId(actor.userId)) throw new ApiError(404, 'Customer was not found');
    const body: SimulatedPortal = { simulated: true, subscriptions: (await paidBy(tenantDb(c), actor.userId)).map(subscriptionView) };
    return c.json(body);
  })
  .post('/dev/customer-portal/:customerId/cancel/:subscriptionId', requireAuth, requireAccount, validate('param', simulatedPortalParams), async (c) => {
    const adapter = simulatedOnly(c.env, new URL(c.req.url).pathname);
    const actor = authOf(c);
    const tdb = tenantDb(c);
    const { customerId, subscriptionId } = c.req.valid('param');
    const row = (await paidBy(tdb, actor.userId)).find((r) => r._id === subscriptionId);
    if (customerId !== simulatedCustomerId(actor.userId) || !row) throw new ApiError(404, 'Subscription was not found');
    const payload = JSON.stringify(simulatedCancellation(row.providerSubscriptionId, new Date()));
    await received(c, tdb, adapter, payload, await adapter.sign(payload));
    const body: SimulatedPortal = { simulated: true, subscriptions: (await paidBy(tdb, actor.userId)).map(subscriptionView) };
    return c.json(body);
  })
  // Who buys is checked before the body is read; the body then names only the plan and the child, never a price.
  .post('/stripe/v2/flexible-session', requireAuth, requireAccount, requireRole('STUDENT', 'PARENT'), validate('json', flexibleSessionInput), async (c) => {
    return checkout(c, (tdb, actor, adapter, origin) => startPlanCheckout(tdb, actor, adapter, 'flexible', c.req.valid('json'), origin));
  })
  .post(
    '/stripe/v2/subscription-session',
    requireAuth,
    requireAccount,
    requireRole('STUDENT', 'PARENT'),
    validate('json', subscriptionSessionInput),
    async (c) => {
      return checkout(c, (tdb, actor, adapter, origin) => startPlanCheckout(tdb, actor, adapter, 'subscription', c.req.valid('json'), origin));
    },
  )
  .post('/stripe/v2/subscribe-course', requireAuth, requireAccount, requireRole('STUDENT', 'PARENT'), validate('json', courseSessionInput), async (c) => {
    return checkout(c, (tdb, actor, adapter, origin) => startCourseCheckout(tdb, actor, adapter, c.req.valid('json'), origin));
  })
  // The spec's GET form: the course in the path, for the student the caller acts for.
  .get('/stripe/v2/course-subscription-session/:id', requireAuth, requireAccount, requireRole('STUDENT', 'PARENT'), validate('param', idParam), async (c) => {
    return checkout(c, (tdb, actor, adapter, origin) => startCourseCheckout(tdb, actor, adapter, { courseId: c.req.valid('param').id }, origin));
  })
  .post('/stripe/v2/top-up-course', requireAuth, requireAccount, requireRole('STUDENT', 'PARENT'), validate('json', courseTopUpInput), async (c) => {
    return checkout(c, (tdb, actor, adapter, origin) => startCourseTopUp(tdb, actor, adapter, c.req.valid('json'), origin));
  })
  // The spec's older `stripe/*` calls, kept on their paths: the same rules as the version 2 calls they predate.
  .post('/stripe/createSession', requireAuth, requireAccount, requireRole('STUDENT', 'PARENT'), validate('json', flexibleSessionInput), async (c) => {
    return checkout(c, (tdb, actor, adapter, origin) => startPlanCheckout(tdb, actor, adapter, 'flexible', c.req.valid('json'), origin));
  })
  // A plan's price for the student the caller acts for: what Checkout would charge them.
  .get('/stripe/getProductPrice/:id', requireAuth, requireAccount, requireRole('STUDENT', 'PARENT'), validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    const actor = authOf(c);
    if (actor.role === 'PARENT' && actor.actingUserId === actor.userId) throw new ApiError(400, 'Choose which of your children to price this plan for');
    const { id } = c.req.valid('param');
    const [flexible, subscription] = await Promise.all([
      plansForStudent(tdb, 'flexible', actor.actingUserId),
      plansForStudent(tdb, 'subscription', actor.actingUserId),
    ]);
    const plan = [...flexible, ...subscription].find((p) => p._id === id);
    if (!plan) throw new ApiError(404, 'Plan not found');
    return c.json({ _id: plan._id, name: plan.name, minutes: plan.minutes, ...plan.price });
  })
  // The portal for the signed-in payer, named by their own id in the path.
  .get('/stripe/customerPortal/:id', requireAuth, requireAccount, validate('param', idParam), async (c) => {
    const adapter = requirePayments(c.env);
    const actor = authOf(c);
    if (c.req.valid('param').id !== actor.userId) throw new ApiError(404, 'Customer was not found');
    const { url } = await customerPortalData(tenantDb(c), actor, adapter, billingUrl(c));
    if (!url) throw new ApiError(404, 'You do not pay for any subscription yet');
    return c.json({ url });
  })
  .get('/stripe/v2/customer-portal-data', requireAuth, requireAccount, async (c) => {
    const adapter = requirePayments(c.env);
    return c.json(await customerPortalData(tenantDb(c), authOf(c), adapter, billingUrl(c)));
  })
  .get('/payments/:id', requireAuth, requireAccount, validate('param', idParam), async (c) =>
    c.json(await paymentSummary(tenantDb(c), authOf(c), c.req.valid('param').id)),
  )
  // A guest session has bought nothing and holds no balance.
  .get('/credits', requireAuth, requireAccount, validate('query', creditsQuery), async (c) => {
    const tdb = tenantDb(c);
    const { userId, ...page } = c.req.valid('query');
    return c.json(await creditsOf(tdb, await creditOwner(tdb, authOf(c), userId), page));
  });
