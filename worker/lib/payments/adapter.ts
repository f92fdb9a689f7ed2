import Stripe from 'stripe';
import { ApiError } from '../../../platform/errors';
import type { BillingInterval } from '../../../schema/contracts/payments';
import type { PaymentsMode } from '../../../schema/contracts/tenant';
import { newId } from '../../../schema/tables/columns';
import type { Env } from '../../env';

export interface CheckoutRequest {
  /** Our payment session id, carried by the provider's session so an event leads back to it. */
  reference: string;
  tenantId: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  description: string;
  successUrl: string;
  cancelUrl: string;
  customerEmail?: string;
  /** Set for a subscription: Checkout starts it, and the provider charges each period on its own. */
  recurring?: { interval: BillingInterval; intervalCount: number };
}

export interface CheckoutSession {
  providerSessionId: string;
  url: string;
}

export interface PaymentsAdapter {
  mode: PaymentsMode;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** The provider's page where a customer manages (cancels, changes the card of) their subscriptions. */
  customerPortalUrl(customerId: string, returnUrl: string): Promise<string>;
  /** The event, if the signature was made with our secret over exactly this body; else a 400. */
  verifyEvent(payload: string, signature: string | undefined): Promise<Stripe.Event>;
}

export interface SimulatedPayments extends PaymentsAdapter {
  mode: 'simulated';
  /** A `Stripe-Signature` header for the payload, as Stripe would send it. */
  sign(payload: string): Promise<string>;
}

/** Where a simulated session is paid, failed or abandoned: our own page, labelled as a simulation. */
export const simulatedCheckoutPath = (providerSessionId: string) => `/learning-portal/dev/checkout/${providerSessionId}`;
export const simulatedPortalPath = (customerId: string) => `/learning-portal/dev/customer-portal/${customerId}`;

/** Simulation only where nobody can be charged or credited for real: a deployed Worker without keys has no payments. */
const SIMULATED_ENVS = new Set(['local', 'test']);

const cryptoProvider = Stripe.createSubtleCryptoProvider();

async function verify(payload: string, signature: string | undefined, secret: string): Promise<Stripe.Event> {
  if (!signature) throw new ApiError(400, 'The Stripe-Signature header is missing');
  try {
    return await Stripe.webhooks.constructEventAsync(payload, signature, secret, undefined, cryptoProvider);
  } catch {
    throw new ApiError(400, 'The webhook signature does not match this body');
  }
}

/** `fetchFn` lets tests answer Stripe's API themselves; the SDK is otherwise exactly what production runs. */
export function stripePayments(secretKey: string, webhookSecret: string, fetchFn: typeof fetch = fetch): PaymentsAdapter {
  const stripe = new Stripe(secretKey, { httpClient: Stripe.createFetchHttpClient(fetchFn), maxNetworkRetries: 2 });
  return {
    mode: 'stripe',
    async createCheckout(request) {
      const metadata = { paymentSessionId: request.reference, tenantId: request.tenantId };
      const recurring = request.recurring && { interval: request.recurring.interval, interval_count: request.recurring.intervalCount };
      const session = await stripe.checkout.sessions.create({
        mode: recurring ? 'subscription' : 'payment',
        client_reference_id: request.reference,
        metadata,
        // A renewal's invoice names only its subscription, so the subscription carries our reference too.
        ...(recurring ? { subscription_data: { metadata } } : {}),
        line_items: [
          {
            quantity: 1,
            price_data: { currency: request.currency.toLowerCase(), unit_amount: request.amount, product_data: { name: request.description }, recurring },
          },
        ],
        customer_email: request.customerEmail,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { providerSessionId: session.id, url: session.url };
    },
    async customerPortalUrl(customerId, returnUrl) {
      return (await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })).url;
    },
    verifyEvent: (payload, signature) => verify(payload, signature, webhookSecret),
  };
}

export function simulatedPayments(webhookSecret: string): SimulatedPayments {
  return {
    mode: 'simulated',
    async createCheckout() {
      const providerSessionId = `cs_sim_${newId()}`;
      return { providerSessionId, url: simulatedCheckoutPath(providerSessionId) };
    },
    customerPortalUrl: async (customerId) => simulatedPortalPath(customerId),
    verifyEvent: (payload, signature) => verify(payload, signature, webhookSecret),
    sign: (payload) => Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: webhookSecret, cryptoProvider }),
  };
}

/**
 * Real Stripe when both keys are set; simulated where the environment is local or a test and the webhook secret
 * exists (`npm start` writes one); otherwise null, and nothing can be bought or fulfilled.
 */
export function paymentsAdapter(env: Env): PaymentsAdapter | null {
  const mode = paymentsMode(env);
  if (mode === 'stripe') return stripePayments(env.STRIPE_SECRET_KEY as string, env.STRIPE_WEBHOOK_SECRET as string);
  if (mode === 'simulated') return simulatedPayments(env.STRIPE_WEBHOOK_SECRET as string);
  return null;
}

/** Which adapter `paymentsAdapter` would make, without making one: what the purchase pages tell people. */
export function paymentsMode(env: Env): PaymentsMode | null {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET) return 'stripe';
  if (env.STRIPE_WEBHOOK_SECRET && SIMULATED_ENVS.has(env.APP_ENV)) return 'simulated';
  return null;
}

/** Without an adapter the payment routes answer as if absent: a 4xx, since nothing here is a server fault to retry. */
export function requirePayments(env: Env): PaymentsAdapter {
  const adapter = paymentsAdapter(env);
  if (!adapter) throw new ApiError(404, 'Payments are not configured on this site');
  return adapter;
}
