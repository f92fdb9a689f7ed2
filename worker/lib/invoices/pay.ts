import { ApiError } from '../../../platform/errors';
import type { CheckoutStarted } from '../../../schema/contracts/payments';
import type { Actor } from '../../env';
import type { PaymentsAdapter } from '../payments/adapter';
import { startCheckout } from '../payments/checkout';
import type { TenantDb } from '../tenant-db';
import { findOwnInvoiceRow, invoiceRecords } from './records';

/**
 * Starts Checkout for the whole of one of the caller's PENDING invoices, at its total as the lines add up now: the
 * amount is never the client's. Paying credits no minutes; the webhook's INVOICE fulfilment marks the invoice PAID.
 */
export async function startInvoiceCheckout(tdb: TenantDb, actor: Actor, adapter: PaymentsAdapter, id: string, origin: string): Promise<CheckoutStarted> {
  const row = await findOwnInvoiceRow(tdb, actor, id);
  if (row.status === 'PAID') throw new ApiError(409, `Invoice ${row.invoiceNumber} is already paid.`);
  if (row.status === 'VOID') throw new ApiError(409, `Invoice ${row.invoiceNumber} was voided, so there is nothing to pay.`);
  const [invoice] = await invoiceRecords(tdb, [row]);
  const { url } = await startCheckout(
    tdb,
    adapter,
    {
      payerId: actor.userId,
      // The whole family's bill: the payment is for the invoice's payer rather than one student.
      studentId: row.userId,
      paymentType: 'INVOICE',
      itemKind: 'invoice',
      itemId: row._id,
      description: `Invoice ${row.invoiceNumber}`,
      minutes: 0,
      amount: invoice!.total,
      currency: row.currency,
      customerEmail: invoice!.payer.email ?? undefined,
    },
    origin,
  );
  return { url };
}
