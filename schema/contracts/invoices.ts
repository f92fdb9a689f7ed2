import { z } from 'zod';
import { listQuery, recordId } from './common';
import { type AdminNoteView, endOfBound, startOfBound } from './lesson-history';
import { currencyCode, minorAmount } from './money';

/**
 * Invoices (spec 2 sections 3, 4, 7 and 9; issue 31): a bill to one family's payer, numbered per tenant without gaps,
 * PENDING until paid through Checkout or voided. Beyond the spec, an admin draws them from the lessons of a period.
 */

export const invoiceStatuses = ['PENDING', 'PAID', 'VOID'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/** Spec 2 section 8's toast for send-mail, and ours for the other calls. */
export const INVOICE_MESSAGES = {
  created: 'Invoice created!',
  updated: 'Invoice updated!',
  voided: 'Invoice voided!',
  sent: 'Invoice Sent!',
  drawnCreated: 'Invoices created!',
  drawnSent: 'Invoices sent!',
  noteAdded: 'Note added!',
  noteDeleted: 'Note deleted!',
} as const;

/** An invoice falls due this many days after it is issued, unless the admin sets another day. */
export const INVOICE_DUE_DAYS = 14;
/** The overdue reminder goes out once, this many days after the due date. */
export const INVOICE_REMINDER_DAYS = 7;
export const MAX_INVOICE_LINES = 200;
/** A line's minutes: a day at most, so minutes × an hourly rate stays a safe integer. */
export const MAX_LINE_MINUTES = 24 * 60;
/** The longest period one draw covers. */
export const MAX_DRAW_DAYS = 366;
/** Families drawn, or invoices made, in one call. */
export const MAX_DRAWN_INVOICES = 100;
const DAY = 24 * 60 * 60_000;

/**
 * A line's amount in minor units: minutes at an hourly rate, half a minor unit rounding up (as lesson prices are
 * pro-rated), or the unit amount itself for a line without minutes. Integers only, so the total is exact.
 */
export function lineAmount(line: { minutes?: number | null; unitAmount: number }): number {
  return line.minutes == null ? line.unitAmount : Math.floor((line.unitAmount * line.minutes + 30) / 60);
}

export const invoiceTotal = (lines: { minutes?: number | null; unitAmount: number }[]) => lines.reduce((sum, line) => sum + lineAmount(line), 0);

const bound = z.iso.datetime({ offset: true, error: 'must be a date (YYYY-MM-DD) or an ISO date-time' }).or(z.iso.date());
/** A due day: a bare date is due until its last moment (UTC). */
const dueDay = bound.transform(endOfBound);

export const invoiceLineInput = z.object({
  description: z.string({ error: 'is required' }).trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  /** The student the line is for: the payer, or one of the payer's children. */
  studentId: recordId.nullable().optional(),
  /** The recorded lesson the line bills, when it was drawn from the ledger. */
  lessonHistoryId: recordId.nullable().optional(),
  minutes: z
    .number({ error: 'must be a whole number of minutes' })
    .int('must be a whole number of minutes')
    .min(1, 'must be at least 1')
    .max(MAX_LINE_MINUTES, `must be at most ${MAX_LINE_MINUTES}`)
    .nullable()
    .optional(),
  /** Minor units an hour when the line has minutes, else the line's own amount. */
  unitAmount: minorAmount,
});
export type InvoiceLineInput = z.infer<typeof invoiceLineInput>;

const lines = z
  .array(invoiceLineInput, { error: 'must be a list of lines' })
  .min(1, 'needs at least one line')
  .max(MAX_INVOICE_LINES, `can have at most ${MAX_INVOICE_LINES} lines`)
  .refine((list) => invoiceTotal(list) > 0, 'must add up to more than nothing');

const invoiceFields = {
  /** Who pays: a parent, or a student who has none. */
  userId: recordId,
  currency: currencyCode,
  dueAt: dueDay,
  lines,
};

/** `POST /admin/invoices`. */
export const createInvoiceInput = z.object(invoiceFields);
export type CreateInvoiceInput = z.infer<typeof createInvoiceInput>;

/** `PUT /admin/invoices/:id`: new due day, currency or lines of a PENDING invoice, or `status: VOID` alone. */
export const updateInvoiceInput = z
  .object({
    status: z.literal('VOID', { error: 'can only be VOID' }).optional(),
    currency: currencyCode.optional(),
    dueAt: dueDay.optional(),
    lines: lines.optional(),
  })
  .superRefine((input, ctx) => {
    const edits = input.currency !== undefined || input.dueAt !== undefined || input.lines !== undefined;
    if (input.status && edits) ctx.addIssue({ code: 'custom', path: ['status'], message: 'VOID is sent alone, without other changes' });
    if (!input.status && !edits) ctx.addIssue({ code: 'custom', path: ['lines'], message: 'send the lines, due date or currency to change, or status VOID' });
  });
export type UpdateInvoiceInput = z.infer<typeof updateInvoiceInput>;

export const invoiceSortKeys = ['invoiceNumber', 'issuedAt', 'dueAt', 'paidAt', 'status'] as const;

/** `GET /admin/invoices`: spec 2's filters userId, status and invoiceNumber. */
export const adminInvoiceQuery = listQuery.safeExtend({
  userId: recordId.optional(),
  status: z.enum(invoiceStatuses, { error: 'must be PENDING, PAID or VOID' }).optional(),
  invoiceNumber: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').optional(),
});
export type AdminInvoiceQuery = z.infer<typeof adminInvoiceQuery>;

/** `GET /invoices`: the payer's own. */
export const invoiceQuery = listQuery.safeExtend({ status: z.enum(invoiceStatuses, { error: 'must be PENDING, PAID or VOID' }).optional() });
export type InvoiceQuery = z.infer<typeof invoiceQuery>;

/** `POST /invoices/stripe`: the invoice to pay; its amount is always the invoice's own total. */
export const invoicePaymentInput = z.object({ id: recordId });

const drawPeriodFields = { periodStart: bound, periodEnd: bound };
function checkPeriod(p: { periodStart: Date; periodEnd: Date }, ctx: z.RefinementCtx) {
  if (p.periodEnd < p.periodStart) ctx.addIssue({ code: 'custom', path: ['periodEnd'], message: 'must not be before periodStart' });
  else if (p.periodEnd.getTime() - p.periodStart.getTime() > MAX_DRAW_DAYS * DAY) {
    ctx.addIssue({ code: 'custom', path: ['periodEnd'], message: `must be at most ${MAX_DRAW_DAYS} days after periodStart` });
  }
}
const asPeriod = <T extends { periodStart: string; periodEnd: string }>(p: T) => ({
  ...p,
  periodStart: startOfBound(p.periodStart),
  periodEnd: endOfBound(p.periodEnd),
});

/** `POST /admin/invoices/draw/preview`: the lessons of a period (a bare end date is the whole day, UTC), some families or all. */
export const drawPreviewInput = z
  .object({
    ...drawPeriodFields,
    userIds: z.array(recordId).max(MAX_DRAWN_INVOICES, `can name at most ${MAX_DRAWN_INVOICES} families`).optional(),
  })
  .transform(asPeriod)
  .superRefine(checkPeriod);
export type DrawPreviewInput = z.infer<typeof drawPreviewInput>;

/** `POST /admin/invoices/draw`: the previewed drafts as the admin edited them, made together and optionally sent. */
export const drawInvoicesInput = z
  .object({
    ...drawPeriodFields,
    send: z.boolean({ error: 'must be true or false' }).default(false),
    invoices: z
      .array(z.object(invoiceFields), { error: 'must be a list of invoices' })
      .min(1, 'needs at least one invoice')
      .max(MAX_DRAWN_INVOICES, `can have at most ${MAX_DRAWN_INVOICES} invoices`),
  })
  .transform(asPeriod)
  .superRefine(checkPeriod);
export type DrawInvoicesInput = z.infer<typeof drawInvoicesInput>;

export interface InvoicePerson {
  _id: string;
  firstname: string;
  lastname: string;
  email: string | null;
}

export interface InvoiceLine {
  _id: string;
  description: string;
  studentId: string | null;
  studentName: string | null;
  sectionId: string | null;
  lessonHistoryId: string | null;
  lessonStart: string | null;
  minutes: number | null;
  unitAmount: number;
  amount: number;
}

/** An invoice as its payer reads it; the total is the sum of the lines, in minor units of `currency`. */
export interface InvoiceRecord {
  _id: string;
  invoiceNumber: number;
  status: InvoiceStatus;
  currency: string;
  total: number;
  payer: InvoicePerson;
  /** The students the lines are for, in line order. */
  students: InvoicePerson[];
  lines: InvoiceLine[];
  issuedAt: string;
  dueAt: string;
  /** PENDING after its due date. */
  overdue: boolean;
  periodStart: string | null;
  periodEnd: string | null;
  paidAt: string | null;
  sentAt: string | null;
  reminderSentAt: string | null;
}

/** The admin's view adds the admins' notes and who made it. */
export interface AdminInvoiceRecord extends InvoiceRecord {
  adminNotes: AdminNoteView[];
  createdBy: string;
  updatedAt: string;
}

export interface InvoiceAnswer {
  message: string;
  doc: AdminInvoiceRecord;
}

/** A line of a draft: a recorded lesson at the student's price, or a sentence saying why it has none yet. */
export interface DraftLine {
  description: string;
  studentId: string;
  studentName: string;
  sectionId: string;
  lessonHistoryId: string;
  lessonStart: string;
  minutes: number;
  unitAmount: number;
  amount: number;
  /** How the price was found, or why there is none (then unitAmount is 0 and the admin sets it). */
  priceNote: string;
  priced: boolean;
}

/** One family's invoice as the draw would make it, in one currency. */
export interface InvoiceDraft {
  payer: InvoicePerson;
  currency: string;
  dueAt: string;
  lines: DraftLine[];
  total: number;
}

export interface InvoiceDrawPreview {
  periodStart: string;
  periodEnd: string;
  drafts: InvoiceDraft[];
}

export interface DrawnInvoices {
  message: string;
  docs: AdminInvoiceRecord[];
}
