import { eq } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import type { BillingInterval, PaymentResult, PaymentSummary, PaymentType } from '../../../schema/contracts/payments';
import { paymentSessions, users } from '../../../schema/tables';
import { newId } from '../../../schema/tables/columns';
import type { Actor } from '../../env';
import type { TenantDb } from '../tenant-db';
import type { PaymentsAdapter } from './adapter';
import { creditsOf } from './credits';

/** A purchase already priced by our own rules; nothing here comes from the client's body. */
export interface PricedPurchase {
  payerId: string;
  studentId: string;
  paymentType: PaymentType;
  itemKind: string;
  itemId: string;
  description: string;
  courseId?: string | null;
  minutes: number;
  amount: number;
  currency: string;
  creditExpiresAt?: Date | null;
  /** Where the provider sends the receipt; the payer's own address unless the purchase names another. */
  customerEmail?: string;
  billingInterval?: BillingInterval | null;
  intervalCount?: number | null;
}

/**
 * Our own payment session id rides in the url rather than Stripe's `{CHECKOUT_SESSION_ID}`, so the result pages
 * read the same record whichever provider took the money. The origin is the tenant's, as the request arrived.
 */
export const paymentResultUrl = (origin: string, result: PaymentResult, paymentId: string) =>
  `${origin}/learning-portal/payment/${result}?payment=${encodeURIComponent(paymentId)}`;

/** Asks the provider for a Checkout session and records it, so the webhook can find what was bought and for whom. */
export async function startCheckout(tdb: TenantDb, adapter: PaymentsAdapter, purchase: PricedPurchase, origin: string) {
  if (!Number.isSafeInteger(purchase.amount) || purchase.amount <= 0) throw new Error(`a checkout needs a positive whole amount, not ${purchase.amount}`);
  const _id = newId();
  const payer = purchase.customerEmail
    ? null
    : await tdb.db
        .select({ email: users.email })
        .from(users)
        .where(tdb.where(users, eq(users._id, purchase.payerId)))
        .get();
  const urls = { successUrl: paymentResultUrl(origin, 'success', _id), cancelUrl: paymentResultUrl(origin, 'cancelled', _id) };
  const { providerSessionId, url } = await adapter.createCheckout({
    reference: _id,
    tenantId: tdb.tenantId,
    amount: purchase.amount,
    currency: purchase.currency,
    description: purchase.description,
    customerEmail: purchase.customerEmail ?? payer?.email ?? undefined,
    recurring: purchase.billingInterval ? { interval: purchase.billingInterval, intervalCount: purchase.intervalCount ?? 1 } : undefined,
    ...urls,
  });
  const { customerEmail: _, ...row } = purchase;
  await tdb.db.insert(paymentSessions).values(tdb.values(paymentSessions, { _id, ...row, provider: adapter.mode, providerSessionId, ...urls }));
  return { _id, providerSessionId, url };
}

export async function findSessionByProviderId(tdb: TenantDb, providerSessionId: string) {
  const row = await tdb.db
    .select()
    .from(paymentSessions)
    .where(tdb.where(paymentSessions, eq(paymentSessions.providerSessionId, providerSessionId)))
    .get();
  if (!row) throw new ApiError(404, 'Checkout session was not found');
  return row;
}

/**
 * A payment as its result page shows it, to the person who paid or the student it was for (or whoever acts for
 * them); anyone else gets 404. The balance is read now, so a page that waits for the webhook sees it rise.
 */
export async function paymentSummary(tdb: TenantDb, actor: Actor, paymentId: string): Promise<PaymentSummary> {
  const row = await tdb.db
    .select()
    .from(paymentSessions)
    .where(tdb.where(paymentSessions, eq(paymentSessions._id, paymentId)))
    .get();
  const mayRead = row && [actor.userId, actor.actingUserId].some((id) => id === row.payerId || id === row.studentId);
  if (!row || !mayRead) throw new ApiError(404, 'Payment was not found');
  const [student, credits] = await Promise.all([
    tdb.db
      .select({ firstname: users.firstname, lastname: users.lastname })
      .from(users)
      .where(tdb.where(users, eq(users._id, row.studentId)))
      .get(),
    creditsOf(tdb, row.studentId, { limit: 1, offset: 0 }),
  ]);
  return {
    _id: row._id,
    status: row.status,
    paymentType: row.paymentType,
    itemId: row.itemId,
    description: row.description,
    minutes: row.minutes,
    amount: row.amount,
    currency: row.currency,
    studentId: row.studentId,
    studentName: `${student?.firstname ?? ''} ${student?.lastname ?? ''}`.trim(),
    balanceMinutes: credits.balanceMinutes,
  };
}
