import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { databaseFor } from '../../platform/database';
import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { creditEntries, paymentHistory, paymentSessions, stripeEvents } from '../../schema/tables';
import { simulatedPayments } from '../../worker/lib/payments/adapter';
import { type PricedPurchase, startCheckout } from '../../worker/lib/payments/checkout';
import { simulatedEvent } from '../../worker/lib/payments/simulated';
import { scopedDb } from '../../worker/lib/tenant-db';
import { api } from './auth';
import { db } from './seed';

/** Payment sessions opened as our pricing would, and Stripe events about them signed as Stripe signs them. */
export const SECRET = env.STRIPE_WEBHOOK_SECRET as string;
export const tdb = scopedDb(databaseFor(env.DB), TENANT_IDS.studyhall);
export const SAM = DEMO_USERS.student._id;
export const MAYA = DEMO_USERS.student2._id;
export const PARENT = DEMO_USERS.parent._id;
export const cryptoProvider: ReturnType<typeof Stripe.createSubtleCryptoProvider> = Stripe.createSubtleCryptoProvider();

export type Session = typeof paymentSessions.$inferSelect;

/** Ten hours of lessons for 120.00 SGD, as a priced flexible plan would be. */
export function purchase(studentId: string, overrides: Partial<PricedPurchase> = {}): PricedPurchase {
  return {
    payerId: PARENT,
    studentId,
    paymentType: 'FLEXIBLE',
    itemKind: 'flexiblePlan',
    itemId: 'plan_ten_hours',
    description: 'Ten hours',
    minutes: 600,
    amount: 12_000,
    currency: 'SGD',
    ...overrides,
  };
}

export async function openSession(studentId = MAYA, overrides: Partial<PricedPurchase> = {}): Promise<Session> {
  const { _id } = await startCheckout(tdb, simulatedPayments(SECRET), purchase(studentId, overrides), 'http://localhost');
  return (await db.select().from(paymentSessions).where(eq(paymentSessions._id, _id)).get())!;
}

/** A Stripe-shaped event about the session; `paymentStatus` lets a `completed` event be the unpaid (async) kind. */
export function eventFor(session: Session, type: string, paymentStatus: 'paid' | 'unpaid' = 'paid') {
  const event = simulatedEvent(session, 'pay', new Date());
  return { ...event, type, data: { object: { ...event.data.object, payment_status: paymentStatus } } };
}

export async function deliver(event: unknown, secret = SECRET) {
  const payload = JSON.stringify(event);
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, cryptoProvider });
  return api('/stripe/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
}

export async function rowsFor(session: Session) {
  const [sessionRow, entries, history, events] = await Promise.all([
    db.select().from(paymentSessions).where(eq(paymentSessions._id, session._id)).get(),
    db.select().from(creditEntries).where(eq(creditEntries.sourceId, session._id)).all(),
    db.select().from(paymentHistory).where(eq(paymentHistory.paymentSessionId, session._id)).all(),
    db.select().from(stripeEvents).where(eq(stripeEvents.paymentSessionId, session._id)).all(),
  ]);
  return { status: sessionRow?.status, entries, history, events };
}
