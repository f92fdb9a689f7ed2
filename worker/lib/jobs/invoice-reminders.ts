import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { outboxRow } from '../../../platform/email/outbox';
import { INVOICE_REMINDER_DAYS } from '../../../schema/contracts/invoices';
import { invoices, jobRuns, tenants } from '../../../schema/tables';
import type { Env } from '../../env';
import { peopleById } from '../invoices/family';
import { invoiceLink, overdueReminderMail } from '../invoices/mail';
import { invoiceRecords, payerView } from '../invoices/records';
import type { TenantDb } from '../tenant-db';

export const INVOICE_REMINDERS_JOB = 'invoice-reminders';
const PAGE = 50;
const DAY = 24 * 60 * 60_000;

export interface ReminderRunSummary {
  reminded: number;
}

/**
 * Mails each payer once when a sent invoice is still PENDING a week after its due date. The outbox row is written
 * only while the invoice has no reminder yet, in the same batch that records the reminder, so a run delivered twice,
 * or two runs racing, mail once. Invoices never sent are left alone: the family was never told of them.
 */
export async function remindOverdueInvoices(tdb: TenantDb, env: Env, runKey: string, now: Date): Promise<ReminderRunSummary> {
  const done = await tdb.db
    .select({ summary: jobRuns.summary })
    .from(jobRuns)
    .where(tdb.where(jobRuns, eq(jobRuns.job, INVOICE_REMINDERS_JOB), eq(jobRuns.runKey, runKey)))
    .get();
  if (done) return done.summary as ReminderRunSummary;
  const tenant = await tdb.db.select({ name: tenants.name }).from(tenants).where(eq(tenants._id, tdb.tenantId)).get();
  const ctx = { db: tdb.db, env, tenantId: tdb.tenantId };
  const summary: ReminderRunSummary = { reminded: 0 };
  const dueBefore = new Date(now.getTime() - INVOICE_REMINDER_DAYS * DAY);
  for (let after = ''; ; ) {
    const rows = await tdb.db
      .select()
      .from(invoices)
      .where(
        tdb.where(
          invoices,
          eq(invoices.status, 'PENDING'),
          isNull(invoices.reminderSentAt),
          isNotNull(invoices.sentAt),
          lte(invoices.dueAt, dueBefore),
          sql`${invoices._id} > ${after}`,
        ),
      )
      .orderBy(asc(invoices._id))
      .limit(PAGE)
      .all();
    if (!rows.length) break;
    after = rows.at(-1)!._id;
    const [records, payers] = await Promise.all([
      invoiceRecords(tdb, rows, now),
      peopleById(
        tdb,
        rows.map((r) => r.userId),
      ),
    ]);
    for (const [i, row] of rows.entries()) {
      const payer = payers.get(row.userId);
      if (!payer?.email || !row.sentFromOrigin) continue;
      const stillOwed = and(eq(invoices._id, row._id), eq(invoices.tenantId, tdb.tenantId), eq(invoices.status, 'PENDING'), isNull(invoices.reminderSentAt));
      const mail = outboxRow(
        ctx,
        overdueReminderMail({
          to: payer.email,
          firstname: payer.firstname,
          timezone: payer.timezone,
          productName: tenant?.name ?? '',
          link: invoiceLink(row.sentFromOrigin, row._id),
          invoice: payerView(records[i]!),
        }),
        sql`exists (select 1 from ${invoices} where ${stillOwed})`,
      );
      const statements: BatchItem<'sqlite'>[] = [mail.insert, tdb.db.update(invoices).set({ reminderSentAt: now }).where(stillOwed!)];
      await tdb.db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
      if (await mail.deliver()) summary.reminded += 1;
    }
  }
  await tdb.db
    .insert(jobRuns)
    .values(tdb.values(jobRuns, { job: INVOICE_REMINDERS_JOB, runKey, summary }))
    .onConflictDoNothing();
  return summary;
}
