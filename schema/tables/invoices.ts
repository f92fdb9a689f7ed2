import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { invoiceStatuses } from '../contracts/invoices';
import { users } from './accounts';
import { idColumn, tenantColumn, timestamps } from './columns';
import type { AdminNote } from './ledger';

/**
 * Each tenant's last invoice number. A new invoice raises it and takes it in the same D1 batch, so a batch that fails
 * takes no number and numbers never leave a gap; the unique (tenant, number) index on invoices backs it up.
 */
export const invoiceCounters = sqliteTable('invoice_counters', {
  tenantId: text('tenant_id').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * A bill to one family's payer (a parent, or a student with none): PENDING until paid through Checkout or voided.
 * The total is never stored: it is the sum of the lines of its current `lineSet`. An edit of the lines writes a new
 * set and moves `lineSet` to it only if it is still the set the edit started from, so an edit that raced a payment
 * or another edit is refused instead of mixing two sets of lines.
 */
export const invoices = sqliteTable(
  'invoices',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    invoiceNumber: integer('invoice_number').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users._id),
    status: text('status', { enum: invoiceStatuses }).notNull().default('PENDING'),
    currency: text('currency').notNull(),
    issuedAt: integer('issued_at', { mode: 'timestamp_ms' }).notNull(),
    dueAt: integer('due_at', { mode: 'timestamp_ms' }).notNull(),
    /** The lessons' period, when the invoice was drawn from them. */
    periodStart: integer('period_start', { mode: 'timestamp_ms' }),
    periodEnd: integer('period_end', { mode: 'timestamp_ms' }),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    /** The Checkout session whose payment marked it PAID. */
    paymentSessionId: text('payment_session_id'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    /** The origin the invoice was sent from, so the overdue reminder (a cron, with no request) links to the same app. */
    sentFromOrigin: text('sent_from_origin'),
    reminderSentAt: integer('reminder_sent_at', { mode: 'timestamp_ms' }),
    lineSet: text('line_set').notNull(),
    adminNotes: text('admin_notes', { mode: 'json' }).$type<AdminNote[]>().notNull().default([]),
    createdBy: text('created_by').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('invoices_number').on(t.tenantId, t.invoiceNumber),
    index('invoices_payer').on(t.tenantId, t.userId, t.issuedAt),
    index('invoices_due').on(t.tenantId, t.status, t.dueAt),
  ],
);

/**
 * One line of an invoice, in minor units of the invoice's currency: `minutes` at `unitAmount` an hour, or a fixed
 * `unitAmount` when there are no minutes. A line drawn from the ledger names its lesson; while it is `live` (its
 * invoice is not void) no other line may name the same lesson, so a lesson is billed at most once.
 */
export const invoiceLines = sqliteTable(
  'invoice_lines',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices._id),
    /** The set of lines this line belongs to; only the invoice's current set counts. */
    lineSet: text('line_set').notNull(),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    studentId: text('student_id').references(() => users._id),
    sectionId: text('section_id'),
    lessonHistoryId: text('lesson_history_id'),
    lessonStart: integer('lesson_start', { mode: 'timestamp_ms' }),
    minutes: integer('minutes'),
    unitAmount: integer('unit_amount').notNull(),
    amount: integer('amount').notNull(),
    live: integer('live', { mode: 'boolean' }).notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    index('invoice_lines_invoice').on(t.tenantId, t.invoiceId, t.lineSet, t.position),
    uniqueIndex('invoice_lines_live_lesson').on(t.tenantId, t.lessonHistoryId).where(sql`lesson_history_id is not null and live = 1`),
  ],
);
