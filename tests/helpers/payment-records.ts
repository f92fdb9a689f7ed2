import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { databaseFor } from '../../platform/database';
import type { ListResponse } from '../../schema/contracts/common';
import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import { creditEntries, paymentHistory, paymentSessions } from '../../schema/tables';
import { simulatedPayments } from '../../worker/lib/payments/adapter';
import { type PricedPurchase, startCheckout } from '../../worker/lib/payments/checkout';
import { scopedDb } from '../../worker/lib/tenant-db';
import { call } from './admins';
import { api, bearer } from './auth';
import { purchase, SECRET } from './payments';
import { db, PARTNER_HOST } from './seed';

export { MAYA, PARENT, SAM } from './payments';
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
  const bought = purchase(studentId, { payerId, ...overrides });
  const { _id, providerSessionId } = await startCheckout(tdb, simulatedPayments(SECRET), bought, origin);
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

/** Every list of these tests is kept to 2030, so payments other tests make do not move their rows. */
export const IN_2030 = 'startDate=2030-01-01&endDate=2030-12-31';

export async function expectJson<T>(res: Response, status = 200) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

export const idsOf = (page: ListResponse<{ _id: string }>) => page.docs.map((doc) => doc._id);

/** A list of payment records and its admin notes calls, for payment history or the transaction logs. */
export function recordCalls<T>(base: 'payment-history' | 'transaction-logs', adminToken: () => string) {
  return {
    list: async (path: string, token: string, headers: Record<string, string> = {}) =>
      expectJson<ListResponse<T>>(await api(path, { headers: bearer(token, headers) })),
    addNote: (id: string, note: unknown, token = adminToken()) => call('POST', `/admin/${base}/admin-notes/${id}`, token, { note }),
    deleteNote: (id: string, query: string, token = adminToken()) => call('DELETE', `/admin/${base}/admin-notes/${id}?${query}`, token),
  };
}
