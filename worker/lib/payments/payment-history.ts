import { and, asc, count, desc, eq, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { ApiError } from '../../../platform/errors';
import type { ListResponse } from '../../../schema/contracts/common';
import { endOfBound, startOfBound } from '../../../schema/contracts/lesson-history';
import type { AdminPaymentHistoryQuery, PaymentHistoryEntry, PaymentHistoryRecord } from '../../../schema/contracts/payment-records';
import { paymentHistory, users } from '../../../schema/tables';
import type { Actor } from '../../env';
import { paged, sortBy } from '../pagination';
import type { TenantDb } from '../tenant-db';
import { newNote, noteViews, withNote, withoutNote } from './admin-notes';
import { type PaymentViewer, viewerScope } from './viewer';

const payer = alias(users, 'ph_payer');
const student = alias(users, 'ph_student');

/** Each joined name has its own alias: D1 answers a batch keyed by column name, so two `firstname`s would collapse. */
const selection = {
  row: paymentHistory,
  payerFirstname: sql<string | null>`${payer.firstname}`.as('ph_payer_firstname'),
  payerLastname: sql<string | null>`${payer.lastname}`.as('ph_payer_lastname'),
  studentFirstname: sql<string | null>`${student.firstname}`.as('ph_student_firstname'),
  studentLastname: sql<string | null>`${student.lastname}`.as('ph_student_lastname'),
};
type Joined = {
  row: typeof paymentHistory.$inferSelect;
  payerFirstname: string | null;
  payerLastname: string | null;
  studentFirstname: string | null;
  studentLastname: string | null;
};

const joined = (tdb: TenantDb) =>
  tdb.db
    .select(selection)
    .from(paymentHistory)
    .leftJoin(payer, and(eq(payer._id, paymentHistory.userId), eq(payer.tenantId, paymentHistory.tenantId)))
    .leftJoin(student, and(eq(student._id, paymentHistory.studentId), eq(student.tenantId, paymentHistory.tenantId)));

function entryView({ row, ...names }: Joined): PaymentHistoryEntry {
  return {
    _id: row._id,
    paymentSessionId: row.paymentSessionId,
    paymentType: row.paymentType,
    description: row.description,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    paidAt: row.paidAt.toISOString(),
    payer: { _id: row.userId, firstname: names.payerFirstname ?? '', lastname: names.payerLastname ?? '' },
    student: { _id: row.studentId, firstname: names.studentFirstname ?? '', lastname: names.studentLastname ?? '' },
  };
}

function recordView(j: Joined): PaymentHistoryRecord {
  return {
    ...entryView(j),
    provider: j.row.provider,
    providerPaymentId: j.row.providerPaymentId,
    adminNotes: noteViews(j.row.adminNotes),
    createdAt: j.row.createdAt.toISOString(),
  };
}

const sortColumns = {
  paidAt: paymentHistory.paidAt,
  amount: paymentHistory.amount,
  currency: paymentHistory.currency,
  paymentType: paymentHistory.paymentType,
  status: paymentHistory.status,
  description: paymentHistory.description,
};

type Query = Omit<AdminPaymentHistoryQuery, 'userId'> & { userId?: string };

function whereOf(tdb: TenantDb, viewer: PaymentViewer, q: Query): SQL {
  return tdb.where(
    paymentHistory,
    viewerScope(viewer, { payer: paymentHistory.userId, student: paymentHistory.studentId }),
    q.startDate ? gte(paymentHistory.paidAt, startOfBound(q.startDate)) : undefined,
    q.endDate ? lte(paymentHistory.paidAt, endOfBound(q.endDate)) : undefined,
    // A person's payments are those they made and those made for them.
    q.userId ? or(eq(paymentHistory.userId, q.userId), eq(paymentHistory.studentId, q.userId)) : undefined,
  );
}

/** A page of payments the viewer may see and their count, in one batch; the admin's view carries the notes. */
export async function listPaymentHistory(tdb: TenantDb, viewer: PaymentViewer, q: Query): Promise<ListResponse<PaymentHistoryEntry | PaymentHistoryRecord>> {
  const where = whereOf(tdb, viewer, q);
  const descending = q.sortKey === undefined || q.sortValue === 'desc';
  const [rows, [counted]] = await tdb.db.batch([
    joined(tdb)
      .where(where)
      // Payments in the same second (Stripe's event time) go by when we recorded them, then by id, so pages never overlap.
      .orderBy(
        sortBy(q, sortColumns, desc(paymentHistory.paidAt)),
        descending ? desc(paymentHistory.createdAt) : asc(paymentHistory.createdAt),
        descending ? desc(paymentHistory._id) : asc(paymentHistory._id),
      )
      .limit(q.limit)
      .offset(q.offset),
    tdb.db.select({ n: count() }).from(paymentHistory).where(where),
  ]);
  const view = viewer.kind === 'admin' ? recordView : entryView;
  return paged(rows.map(view), counted?.n ?? 0, q);
}

/** One payment in the admin's view; another tenant's or an unknown id is 404. */
export async function findPaymentRecord(tdb: TenantDb, id: string): Promise<PaymentHistoryRecord> {
  const found = await joined(tdb)
    .where(tdb.where(paymentHistory, eq(paymentHistory._id, id)))
    .get();
  if (!found) throw new ApiError(404, 'Payment history record was not found');
  return recordView(found);
}

export async function addPaymentNote(tdb: TenantDb, actor: Actor, id: string, note: string) {
  await tdb.db
    .update(paymentHistory)
    .set({ adminNotes: withNote(paymentHistory.adminNotes, newNote(actor, note)) })
    .where(tdb.where(paymentHistory, eq(paymentHistory._id, id)));
  return findPaymentRecord(tdb, id);
}

export async function removePaymentNote(tdb: TenantDb, id: string, noteId: string) {
  const record = await findPaymentRecord(tdb, id);
  if (!record.adminNotes.some((n) => n._id === noteId)) throw new ApiError(404, 'The note was not found');
  await tdb.db
    .update(paymentHistory)
    .set({ adminNotes: withoutNote(paymentHistory.adminNotes, noteId) })
    .where(tdb.where(paymentHistory, eq(paymentHistory._id, id)));
  return findPaymentRecord(tdb, id);
}
