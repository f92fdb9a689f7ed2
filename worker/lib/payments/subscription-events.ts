import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { SubscriptionStatus } from '../../../schema/contracts/payments';
import { paymentSessions, subscriptions } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';
import type { Effects } from './effects';
import { fulfilStatements } from './fulfil';
import { periodEndAfter } from './periods';
import { idOf } from './stripe-ids';

/** Where an invoice names its subscription and our reference: `parent.subscription_details` on current API versions. */
function subscriptionDetails(invoice: Stripe.Invoice) {
  const details = invoice.parent?.subscription_details;
  return { providerSubscriptionId: idOf(details?.subscription), paymentSessionId: details?.metadata?.paymentSessionId ?? null };
}

const STATUSES: Partial<Record<Stripe.Subscription.Status, SubscriptionStatus>> = {
  active: 'ACTIVE',
  trialing: 'ACTIVE',
  past_due: 'PAST_DUE',
  unpaid: 'PAST_DUE',
  canceled: 'CANCELED',
  incomplete_expired: 'CANCELED',
};

/**
 * A subscription's own events. The first invoice (`subscription_create`) fulfils the session Checkout opened, exactly
 * as `checkout.session.completed` does, so whichever arrives first the end state is the same. Each later paid
 * invoice is a renewal: a payment session of its own, named by the invoice, credited and recorded once. A failed
 * renewal makes it PAST_DUE; the provider's updates and its deletion move its status and period.
 */
export async function subscriptionEffects(tdb: TenantDb, event: Stripe.Event, at: Date): Promise<Effects | null> {
  switch (event.type) {
    case 'invoice.paid':
      return invoicePaid(tdb, event.data.object, at);
    case 'invoice.payment_failed':
      return statusOf(tdb, subscriptionDetails(event.data.object).providerSubscriptionId, { status: 'PAST_DUE' });
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const end = subscription.items?.data?.[0]?.current_period_end;
      const status = event.type === 'customer.subscription.deleted' ? 'CANCELED' : (STATUSES[subscription.status] ?? 'ACTIVE');
      return statusOf(tdb, subscription.id, { status, ...(end ? { currentPeriodEnd: new Date(end * 1000) } : {}) });
    }
    default:
      return null;
  }
}

async function statusOf(tdb: TenantDb, providerSubscriptionId: string | null, set: { status: SubscriptionStatus; currentPeriodEnd?: Date }): Promise<Effects> {
  const row = providerSubscriptionId
    ? await tdb.db
        .select()
        .from(subscriptions)
        .where(tdb.where(subscriptions, eq(subscriptions.providerSubscriptionId, providerSubscriptionId)))
        .get()
    : undefined;
  if (!row) return { outcome: 'UNMATCHED', sessionId: null, statements: [] };
  // A cancelled subscription stays cancelled, whatever update arrives after its deletion.
  if (row.status === 'CANCELED') return { outcome: 'UNCHANGED', sessionId: row.paymentSessionId, statements: [] };
  const statement = tdb.db
    .update(subscriptions)
    .set(set)
    .where(tdb.where(subscriptions, eq(subscriptions._id, row._id)));
  return { outcome: 'UPDATED', sessionId: row.paymentSessionId, statements: [statement] };
}

async function invoicePaid(tdb: TenantDb, invoice: Stripe.Invoice, at: Date): Promise<Effects> {
  const { providerSubscriptionId, paymentSessionId } = subscriptionDetails(invoice);
  const first = paymentSessionId
    ? await tdb.db
        .select()
        .from(paymentSessions)
        .where(tdb.where(paymentSessions, eq(paymentSessions._id, paymentSessionId)))
        .get()
    : undefined;
  if (!first || !providerSubscriptionId) return { outcome: 'UNMATCHED', sessionId: null, statements: [] };
  if (invoice.amount_paid !== first.amount || invoice.currency?.toUpperCase() !== first.currency) {
    return { outcome: 'MISMATCH', sessionId: first._id, statements: [] };
  }
  const paid = { providerPaymentId: invoice.id ?? null, subscription: { providerSubscriptionId, providerCustomerId: idOf(invoice.customer) } };
  if (invoice.billing_reason === 'subscription_create') {
    const statements = fulfilStatements(tdb, first, paid, at);
    return { outcome: first.status === 'PAID' ? 'UNCHANGED' : 'FULFILLED', sessionId: first._id, balanceOf: first.studentId, statements };
  }
  // A renewal is its own payment, named by the invoice so a redelivery finds it; its minutes last one period.
  const renewal = {
    ...first,
    _id: `ps_${invoice.id}`,
    providerSessionId: invoice.id!,
    status: 'OPEN' as const,
    creditExpiresAt: periodEndAfter(at, first),
    description: `${first.description} (renewal)`,
    createdAt: at,
    updatedAt: at,
  };
  const { tenantId: _, ...row } = renewal;
  return {
    outcome: 'FULFILLED',
    sessionId: renewal._id,
    balanceOf: first.studentId,
    statements: [
      tdb.db.insert(paymentSessions).values(tdb.values(paymentSessions, row)).onConflictDoNothing(),
      ...fulfilStatements(tdb, renewal, paid, at),
      tdb.db
        .update(subscriptions)
        .set({ status: 'ACTIVE', currentPeriodEnd: periodEndAfter(at, first) })
        .where(tdb.where(subscriptions, eq(subscriptions.providerSubscriptionId, providerSubscriptionId))),
    ],
  };
}
