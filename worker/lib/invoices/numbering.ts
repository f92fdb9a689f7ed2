import { eq, sql } from 'drizzle-orm';
import { invoiceCounters, invoices } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';

export type NewInvoice = Omit<typeof invoices.$inferInsert, 'tenantId' | 'invoiceNumber'>;

/**
 * The two statements that make an invoice with the tenant's next number, for one D1 batch: raise the counter, then
 * insert taking it. The batch is one transaction, so a batch that fails raises nothing, and batches never interleave,
 * so concurrent invoices get 1, 2, 3… with no gap and no repeat.
 */
export function numberedInvoice(tdb: TenantDb, row: NewInvoice) {
  return [
    tdb.db
      .insert(invoiceCounters)
      .values({ tenantId: tdb.tenantId, lastNumber: 1 })
      .onConflictDoUpdate({ target: invoiceCounters.tenantId, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } }),
    tdb.db.insert(invoices).values({
      ...tdb.values(invoices, { ...row, invoiceNumber: 0 }),
      invoiceNumber: sql`(select ${invoiceCounters.lastNumber} from ${invoiceCounters} where ${eq(invoiceCounters.tenantId, tdb.tenantId)})`,
    }),
  ] as const;
}
