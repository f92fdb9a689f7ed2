import type Stripe from 'stripe';
import type { CheckoutAction } from '../../../schema/contracts/payments';
import type { paymentSessions } from '../../../schema/tables';
import { newId } from '../../../schema/tables/columns';

type SessionRow = typeof paymentSessions.$inferSelect;

const EVENT_TYPES: Record<CheckoutAction, Stripe.Event['type']> = {
  pay: 'checkout.session.completed',
  fail: 'checkout.session.async_payment_failed',
  abandon: 'checkout.session.expired',
};

export const simulatedCustomerId = (payerId: string) => `cus_sim_${payerId}`;

/** An event as Stripe wraps one: its own id, when it happened, its type and the object it is about. */
export function stripeEventOf<T extends object>(type: string, object: T, now: Date, id = `evt_sim_${newId()}`) {
  return {
    id,
    object: 'event',
    api_version: null,
    created: Math.floor(now.getTime() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/**
 * The event Stripe would send for what the person did on the simulated checkout page, with the fields our
 * fulfilment reads, so the webhook cannot tell it from a real one except by its `livemode` and `_sim_` ids.
 */
export function simulatedEvent(session: SessionRow, action: CheckoutAction, now: Date) {
  return stripeEventOf(
    EVENT_TYPES[action],
    {
      id: session.providerSessionId,
      object: 'checkout.session',
      client_reference_id: session._id,
      metadata: { paymentSessionId: session._id, tenantId: session.tenantId },
      amount_total: session.amount,
      currency: session.currency.toLowerCase(),
      mode: session.billingInterval ? 'subscription' : 'payment',
      // Checkout makes the customer and the subscription as it is paid; the customer is the payer, as with Stripe.
      subscription: session.billingInterval && action === 'pay' ? `sub_sim_${session._id}` : null,
      customer: action === 'pay' ? simulatedCustomerId(session.payerId) : null,
      payment_intent: action === 'abandon' || session.billingInterval ? null : `pi_sim_${newId()}`,
      payment_status: action === 'pay' ? 'paid' : 'unpaid',
      status: action === 'abandon' ? 'expired' : 'complete',
      created: Math.floor(now.getTime() / 1000),
    },
    now,
  );
}

/** What Stripe sends when a customer cancels in its portal: the subscription, deleted. */
export function simulatedCancellation(providerSubscriptionId: string, now: Date) {
  return stripeEventOf(
    'customer.subscription.deleted',
    { id: providerSubscriptionId, object: 'subscription', status: 'canceled', items: { object: 'list', data: [] } },
    now,
  );
}
