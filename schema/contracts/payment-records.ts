import { z } from 'zod';
import { listQuery, recordId } from './common';
import { checkDateRange, dateRange } from './lesson-history';
import type { CreditEntryKind, PaymentRecordStatus, PaymentType } from './payments';
/**
 * Payment history and transaction logs (spec 2 sections 3, 4 and 7; issue 31). A payment history record is one
 * payment taken; a transaction log is one movement of a student's balance (a credit entry: purchase, top-up, lesson,
 * penalty, refund, adjustment, expiry). People see their own (a parent their children's too); admins see every one,
 * with the admins' notes. Adding or deleting a note answers the whole record, which replaces the row in the list.
 */

export const PAYMENT_RECORD_MESSAGES = { noteAdded: 'Note added!', noteDeleted: 'Note deleted!' } as const;

export interface PaymentPerson {
  _id: string;
  firstname: string;
  lastname: string;
}

export interface PaymentNote {
  _id: string;
  note: string;
  createdBy: string;
  createdAt: string;
}

/** One payment as its payer or its student reads it. */
export interface PaymentHistoryEntry {
  _id: string;
  paymentSessionId: string;
  paymentType: PaymentType;
  description: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  status: PaymentRecordStatus;
  paidAt: string;
  /** Who paid, and the student the purchase was for (the same person when a student pays). */
  payer: PaymentPerson;
  student: PaymentPerson;
}

/** The admin's view: the provider's reference and the notes. */
export interface PaymentHistoryRecord extends PaymentHistoryEntry {
  provider: 'stripe' | 'simulated';
  providerPaymentId: string | null;
  adminNotes: PaymentNote[];
  createdAt: string;
}

/** One movement of a balance as the student (or their parent) reads it. */
export interface TransactionLogEntry {
  _id: string;
  kind: CreditEntryKind;
  /** Positive adds lesson time, negative spends or removes it. */
  minutes: number;
  /** Minor units of `currency`, when the movement carried money (a purchase); null otherwise. */
  amount: number | null;
  currency: string | null;
  /** Set for a credit-type course's own balance; null for the student's general minutes. */
  courseId: string | null;
  expiresAt: string | null;
  description: string;
  createdAt: string;
  student: PaymentPerson;
}

/** The admin's view: what wrote the entry (a payment session, a lesson row) and the notes. */
export interface TransactionLogRecord extends TransactionLogEntry {
  sourceId: string;
  adminNotes: PaymentNote[];
}

// ── Queries ──

/** The columns a payment history list sorts by; without a sortKey the newest payment comes first. */
export const paymentHistorySortKeys = ['paidAt', 'amount', 'currency', 'paymentType', 'status', 'description'] as const;
/** The columns a transaction log list sorts by; without a sortKey the newest entry comes first. */
export const transactionLogSortKeys = ['createdAt', 'minutes', 'amount', 'kind', 'expiresAt', 'description'] as const;

const sortKeyOf = (keys: readonly [string, ...string[]]) => z.enum(keys, { error: `must be one of ${keys.join(', ')}` }).optional();

/** GET /payment-history: the caller's own payments (a parent's: theirs and their children's), startDate and endDate on paidAt. */
export const paymentHistoryQuery = listQuery.safeExtend({ ...dateRange, sortKey: sortKeyOf(paymentHistorySortKeys) }).superRefine(checkDateRange);

/** GET /admin/payment-history: every payment of the tenant; `userId` keeps those the person paid or was paid for. */
export const adminPaymentHistoryQuery = listQuery
  .safeExtend({ ...dateRange, sortKey: sortKeyOf(paymentHistorySortKeys), userId: recordId.optional() })
  .superRefine(checkDateRange);
export type AdminPaymentHistoryQuery = z.infer<typeof adminPaymentHistoryQuery>;

/** GET /transaction-logs: the balance movements of the caller (a parent's: their children's), dates on createdAt. */
export const transactionLogQuery = listQuery.safeExtend({ ...dateRange, sortKey: sortKeyOf(transactionLogSortKeys) }).superRefine(checkDateRange);

/** GET /admin/transaction-logs: every movement of the tenant; `userId` keeps one student's. */
export const adminTransactionLogQuery = listQuery
  .safeExtend({ ...dateRange, sortKey: sortKeyOf(transactionLogSortKeys), userId: recordId.optional() })
  .superRefine(checkDateRange);
export type AdminTransactionLogQuery = z.infer<typeof adminTransactionLogQuery>;

// ── Notes ──

const NOTE_MAX = 2000;
export const paymentNoteBody = z.object({
  note: z.string({ error: 'is required' }).trim().min(1, 'is required').max(NOTE_MAX, `must be at most ${NOTE_MAX} characters`),
});

/** DELETE admin-notes/{id} with `noteId` (and, as the spec sends it, `id` again, which must then be the path's). */
export const paymentNoteDeleteQuery = z.object({
  noteId: z.string({ error: 'is required' }).trim().min(1, 'is required').max(64),
  id: recordId.optional(),
});

export interface PaymentRecordAnswer<T> {
  message: string;
  doc: T;
}
