import { and, eq, sql } from 'drizzle-orm';
import { invoiceLines, invoices } from '../../../schema/tables';
import type { Fulfilment } from '../payments/fulfilments';

/**
 * A paid INVOICE session marks its invoice PAID, in the webhook's batch. Guarded by the invoice still being PENDING
 * in the session's currency with the total the session charged: a second payment of the same invoice (two checkouts
 * both paid) changes nothing, nor does a payment started before an admin changed the lines. Money taken either way
 * is kept in payment history for an admin to refund.
 */
export const invoicePaid: Fulfilment = (tdb, session, paidAt) => [
  tdb.db
    .update(invoices)
    .set({ status: 'PAID', paidAt, paymentSessionId: session._id })
    .where(
      tdb.where(
        invoices,
        eq(invoices._id, session.itemId),
        eq(invoices.status, 'PENDING'),
        eq(invoices.currency, session.currency),
        sql`(select coalesce(sum(${invoiceLines.amount}), 0) from ${invoiceLines} where ${and(
          eq(invoiceLines.tenantId, invoices.tenantId),
          eq(invoiceLines.invoiceId, invoices._id),
          eq(invoiceLines.lineSet, invoices.lineSet),
        )}) = ${session.amount}`,
      ),
    ),
];
