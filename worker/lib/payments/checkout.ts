import { eq } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import type { PaymentType } from '../../../schema/contracts/payments';
import { paymentSessions } from '../../../schema/tables';
import { newId } from '../../../schema/tables/columns';
import type { TenantDb } from '../tenant-db';
import type { PaymentsAdapter } from './adapter';

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
  customerEmail?: string;
}

export interface ReturnUrls {
  successUrl: string;
  cancelUrl: string;
}

/** Asks the provider for a Checkout session and records it, so the webhook can find what was bought and for whom. */
export async function startCheckout(tdb: TenantDb, adapter: PaymentsAdapter, purchase: PricedPurchase, urls: ReturnUrls) {
  if (!Number.isSafeInteger(purchase.amount) || purchase.amount <= 0) throw new Error(`a checkout needs a positive whole amount, not ${purchase.amount}`);
  const _id = newId();
  const { providerSessionId, url } = await adapter.createCheckout({
    reference: _id,
    tenantId: tdb.tenantId,
    amount: purchase.amount,
    currency: purchase.currency,
    description: purchase.description,
    customerEmail: purchase.customerEmail,
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
