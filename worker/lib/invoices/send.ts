import { eq, inArray } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { outboxRow } from '../../../platform/email/outbox';
import { ApiError } from '../../../platform/errors';
import { invoices } from '../../../schema/tables';
import type { MailFrom } from '../mail-from';
import type { TenantDb } from '../tenant-db';
import { fullName, peopleById } from './family';
import { invoiceLink, invoiceMail } from './mail';
import { adminInvoicesById, payerView } from './records';

/**
 * Mails each invoice to its payer with the link to its page, and records that it was sent (and from which origin, for
 * the reminder's link) in the same D1 batch as the outbox rows. Only PENDING invoices are sent: a paid or void one
 * has nothing to pay. All of them or none: a payer without an address is refused before anything is written.
 */
export async function sendInvoices(tdb: TenantDb, ids: string[], from: MailFrom) {
  const records = await adminInvoicesById(tdb, ids);
  const payers = await peopleById(
    tdb,
    records.map((r) => r.payer._id),
  );
  const ctx = { db: tdb.db, env: from.env, tenantId: tdb.tenantId, waitUntil: from.waitUntil };
  const mails = records.map((record) => {
    if (record.status !== 'PENDING') throw new ApiError(409, `Invoice ${record.invoiceNumber} is ${record.status.toLowerCase()}, so there is nothing to send.`);
    const payer = payers.get(record.payer._id);
    if (!payer?.email) throw new ApiError(409, `${payer ? fullName(payer) : 'The payer'} has no e-mail address to send invoice ${record.invoiceNumber} to.`);
    const link = invoiceLink(from.origin, record._id);
    return outboxRow(
      ctx,
      invoiceMail({ to: payer.email, firstname: payer.firstname, timezone: payer.timezone, productName: from.productName, link, invoice: payerView(record) }),
    );
  });
  if (!mails.length) return records;
  const sentAt = new Date();
  const statements: BatchItem<'sqlite'>[] = [
    ...mails.map((mail) => mail.insert),
    tdb.db
      .update(invoices)
      .set({ sentAt, sentFromOrigin: from.origin })
      .where(tdb.where(invoices, inArray(invoices._id, ids), eq(invoices.status, 'PENDING'))),
  ];
  await tdb.db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  await Promise.all(mails.map((mail) => mail.deliver()));
  return adminInvoicesById(tdb, ids);
}
