import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { databaseFor } from '../../platform/database';
import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { creditEntries, paymentHistory, paymentSessions } from '../../schema/tables';
import { simulatedPayments } from '../../worker/lib/payments/adapter';
import { type PricedPurchase, startCheckout } from '../../worker/lib/payments/checkout';
import { scopedDb } from '../../worker/lib/tenant-db';
import { api } from './auth';
import { db, PARTNER_HOST } from './seed';

export const SAM = DEMO_USERS.student._id;
export const MAYA = DEMO_USERS.student2._id;
export const PARENT = DEMO_USERS.parent._id;
export const PARTNER_LEARNER = DEMO_USERS.partnerLearner._id;

/**
 * A purchase paid on the simulated checkout, so the webhook code writes the payment history row and the credit entry
 * as it does in production; `paidAt` then moves both to a chosen day, for the date filters.
 */
export async function paidPurchase(
  options: { payerId?: string; studentId: string; paidAt?: Date; partner?: boolean } & Partial<Omit<PricedPurchase, 'payerId' | 'studentId'>>,
) {
  const { payerId = options.studentId, studentId, paidAt, partner = false, ...overrides } = options;
  const tdb = scopedDb(databaseFor(env.DB), partner ? TENANT_IDS.brightpath : TENANT_IDS.studyhall);
  const origin = partner ? `http://${PARTNER_HOST}` : 'http://localhost';
  const purchase: PricedPurchase = {
    payerId,
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
  const { _id, providerSessionId } = await startCheckout(tdb, simulatedPayments(env.STRIPE_WEBHOOK_SECRET as string), purchase, origin);
  const paid = await api(`/dev/checkout/${providerSessionId}/pay`, { method: 'POST' }, partner ? PARTNER_HOST : 'localhost');
  expect(paid.status, await paid.clone().text()).toBe(200);
  if (paidAt) {
    await db.batch([
      db.update(paymentHistory).set({ paidAt }).where(eq(paymentHistory.paymentSessionId, _id)),
      db.update(creditEntries).set({ createdAt: paidAt }).where(eq(creditEntries.sourceId, _id)),
    ]);
  }
  const [history, entry] = await Promise.all([
    db.select().from(paymentHistory).where(eq(paymentHistory.paymentSessionId, _id)).get(),
    db.select().from(creditEntries).where(eq(creditEntries.sourceId, _id)).get(),
  ]);
  if (!history || !entry) throw new Error(`the simulated payment of ${_id} wrote no history row or credit entry`);
  return { sessionId: _id, history, entry };
}

/** Every payment and credit row, to prove a refused or failed call changed nothing. */
export async function moneyRows() {
  const [sessions, history, entries] = await Promise.all([
    db.select().from(paymentSessions).orderBy(paymentSessions._id).all(),
    db.select().from(paymentHistory).orderBy(paymentHistory._id).all(),
    db.select().from(creditEntries).orderBy(creditEntries._id).all(),
  ]);
  return JSON.stringify({ sessions, history, entries });
}
