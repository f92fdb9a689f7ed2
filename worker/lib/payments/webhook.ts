import { eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { PaymentSessionStatus, StripeEventOutcome } from '../../../schema/contracts/payments';
import { paymentSessions, stripeEvents } from '../../../schema/tables';
import { compiled, compiledInsertOnce, runBatch } from '../compiled';
import type { TenantDb } from '../tenant-db';
import type { PaymentsAdapter } from './adapter';
import { onlineFamilyQuery } from './credit-news';
import type { Effects } from './effects';
import { fulfilStatements } from './fulfil';
import { reversalEffects } from './reversals';
import { idOf } from './stripe-ids';
import { subscriptionEffects } from './subscription-events';

export interface WebhookResult {
  eventId: string;
  type: string;
  outcome: StripeEventOutcome;
  /** True when this event id was already recorded: nothing was done again. */
  duplicate: boolean;
  /** The student whose balance this event changed, and who of their family has a tab open; null when it changed none. */
  balanceOf: { studentId: string; online: string[] } | null;
}

/**
 * Where each event may move a session from. PAID moves from anything but itself, because money taken is the truth
 * whatever arrived first; the others never leave a terminal state. So any order of a session's events ends the same.
 */
const MOVES: Record<string, { to: PaymentSessionStatus; from: PaymentSessionStatus[] }> = {
  processing: { to: 'PROCESSING', from: ['OPEN'] },
  failed: { to: 'FAILED', from: ['OPEN', 'PROCESSING'] },
  expired: { to: 'EXPIRED', from: ['OPEN', 'PROCESSING'] },
};

/** The subscription a subscription-mode Checkout started, and its customer; null for a one-time payment. */
function subscriptionOf(session: Stripe.Checkout.Session) {
  const id = idOf(session.subscription);
  return id ? { providerSubscriptionId: id, providerCustomerId: idOf(session.customer) } : null;
}

function sessionMove(event: Stripe.Event): keyof typeof MOVES | 'paid' | null {
  switch (event.type) {
    case 'checkout.session.completed':
      return event.data.object.payment_status === 'unpaid' ? 'processing' : 'paid';
    case 'checkout.session.async_payment_succeeded':
      return 'paid';
    case 'checkout.session.async_payment_failed':
      return 'failed';
    case 'checkout.session.expired':
      return 'expired';
    default:
      return null;
  }
}

type SessionRow = typeof paymentSessions.$inferSelect;

/** The Checkout session a checkout event names, or null for every other type. */
const checkoutIdOf = (event: Stripe.Event) => (sessionMove(event) ? (event.data.object as Stripe.Checkout.Session).id : null);

/** `session` is the row `checkoutIdOf` names, read with the duplicate check; refunds and subscriptions read their own. */
async function effectsOf(tdb: TenantDb, event: Stripe.Event, session: SessionRow | undefined): Promise<Effects> {
  const at = new Date(event.created * 1000);
  const other = (await reversalEffects(tdb, event, at)) ?? (await subscriptionEffects(tdb, event, at));
  if (other) return other;
  const move = sessionMove(event);
  if (!move) return { outcome: 'IGNORED', sessionId: null, statements: [] };
  const checkout = event.data.object as Stripe.Checkout.Session;
  if (!session) return { outcome: 'UNMATCHED', sessionId: null, statements: [] };
  // The session was priced by us; an event naming another amount is not ours to fulfil, whoever signed it.
  if (checkout.amount_total !== session.amount || checkout.currency?.toUpperCase() !== session.currency) {
    return { outcome: 'MISMATCH', sessionId: session._id, statements: [] };
  }
  if (move === 'paid') {
    const outcome: StripeEventOutcome = session.status === 'PAID' ? 'UNCHANGED' : 'FULFILLED';
    return {
      outcome,
      sessionId: session._id,
      balanceOf: session.studentId,
      statements: fulfilStatements(tdb, session, { providerPaymentId: idOf(checkout.payment_intent), subscription: subscriptionOf(checkout) }, at),
    };
  }
  const { to, from } = MOVES[move]!;
  const statement = tdb.db
    .update(paymentSessions)
    .set({ status: to })
    .where(tdb.where(paymentSessions, eq(paymentSessions._id, session._id), inArray(paymentSessions.status, from)));
  return { outcome: from.includes(session.status) ? 'UPDATED' : 'UNCHANGED', sessionId: session._id, statements: [statement] };
}

/** Whether this event id was recorded already, and how it ended. */
const seenEvent = compiled(['eventId'], (tdb, p) =>
  tdb.db
    .select({ outcome: stripeEvents.outcome })
    .from(stripeEvents)
    .where(tdb.where(stripeEvents, eq(stripeEvents.eventId, p.eventId))),
);

/** The session a checkout event is about, by the provider's id for it. */
const sessionByProviderId = compiled(['providerSessionId'], (tdb, p) =>
  tdb.db
    .select()
    .from(paymentSessions)
    .where(tdb.where(paymentSessions, eq(paymentSessions.providerSessionId, p.providerSessionId))),
);

/** The event's id, once: the unique key that turns a redelivery into a no-op. */
const recordEvent = compiledInsertOnce(stripeEvents, ['eventId', 'type', 'outcome', 'paymentSessionId']);

/**
 * Verifies the event on its raw body, then writes its effects and its id in one D1 batch: either all of it is
 * recorded or none (a failure answers 5xx, so Stripe retries into a clean state). Events of types we do not act on
 * are acknowledged and recorded too, so the log shows everything Stripe sent.
 */
export async function receiveEvent(tdb: TenantDb, adapter: PaymentsAdapter, payload: string, signature: string | undefined): Promise<WebhookResult> {
  const event = await adapter.verifyEvent(payload, signature);
  // The duplicate check and the session a checkout event pays travel in one batch: one round trip fewer per event.
  const [seenRows, sessionRows] = await runBatch(tdb.db, [
    seenEvent(tdb, { eventId: event.id }),
    sessionByProviderId(tdb, { providerSessionId: checkoutIdOf(event) ?? '' }),
  ]);
  const seen = seenRows[0];
  if (seen) return { eventId: event.id, type: event.type, outcome: seen.outcome, duplicate: true, balanceOf: null };
  const { outcome, sessionId, statements, balanceOf } = await effectsOf(tdb, event, sessionRows[0]);
  const record = recordEvent(tdb, { eventId: event.id, type: event.type, outcome, paymentSessionId: sessionId });
  // Who to tell of a moved balance is read in the same batch: no round trip of its own.
  const studentId = outcome === 'UNCHANGED' ? undefined : balanceOf;
  if (!studentId) {
    await runBatch(tdb.db, [record, ...statements]);
    return { eventId: event.id, type: event.type, outcome, duplicate: false, balanceOf: null };
  }
  const written = await runBatch(tdb.db, [record, ...statements, onlineFamilyQuery(tdb, studentId)]);
  const online = (written.at(-1) as { userId: string }[]).map((row) => row.userId);
  return { eventId: event.id, type: event.type, outcome, duplicate: false, balanceOf: { studentId, online } };
}
