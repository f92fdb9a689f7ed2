import { and, asc, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import type { ListResponse } from '../../../schema/contracts/common';
import { endOfBound, startOfBound } from '../../../schema/contracts/lesson-history';
import type { AdminTransactionLogQuery, TransactionLogEntry, TransactionLogRecord } from '../../../schema/contracts/payment-records';
import { creditEntries, users } from '../../../schema/tables';
import type { Actor } from '../../env';
import { paged, sortBy } from '../pagination';
import type { TenantDb } from '../tenant-db';
import { newNote, noteViews, withNote, withoutNote } from './admin-notes';
import { type PaymentViewer, viewerScope } from './viewer';

/**
 * Transaction logs are the credit entries: every movement of a student's balance, append-only, with the student's
 * name. Only their admin notes change; what an entry moved is never rewritten.
 */
const selection = {
  row: creditEntries,
  studentFirstname: sql<string | null>`${users.firstname}`.as('tl_student_firstname'),
  studentLastname: sql<string | null>`${users.lastname}`.as('tl_student_lastname'),
};
type Joined = { row: typeof creditEntries.$inferSelect; studentFirstname: string | null; studentLastname: string | null };

const joined = (tdb: TenantDb) =>
  tdb.db
    .select(selection)
    .from(creditEntries)
    .leftJoin(users, and(eq(users._id, creditEntries.studentId), eq(users.tenantId, creditEntries.tenantId)));

function entryView({ row, studentFirstname, studentLastname }: Joined): TransactionLogEntry {
  return {
    _id: row._id,
    kind: row.kind,
    minutes: row.minutes,
    amount: row.amount,
    currency: row.currency,
    courseId: row.courseId,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    student: { _id: row.studentId, firstname: studentFirstname ?? '', lastname: studentLastname ?? '' },
  };
}

const recordView = (j: Joined): TransactionLogRecord => ({ ...entryView(j), sourceId: j.row.sourceId, adminNotes: noteViews(j.row.adminNotes) });

const sortColumns = {
  createdAt: creditEntries.createdAt,
  minutes: creditEntries.minutes,
  amount: creditEntries.amount,
  kind: creditEntries.kind,
  expiresAt: creditEntries.expiresAt,
  description: creditEntries.description,
};

type Query = Omit<AdminTransactionLogQuery, 'userId'> & { userId?: string };

function whereOf(tdb: TenantDb, viewer: PaymentViewer, q: Query): SQL {
  return tdb.where(
    creditEntries,
    viewerScope(viewer, { student: creditEntries.studentId }),
    q.startDate ? gte(creditEntries.createdAt, startOfBound(q.startDate)) : undefined,
    q.endDate ? lte(creditEntries.createdAt, endOfBound(q.endDate)) : undefined,
    q.userId ? eq(creditEntries.studentId, q.userId) : undefined,
  );
}

/** A page of the balance movements the viewer may see and their count, in one batch; the admin's view carries the notes. */
export async function listTransactionLogs(tdb: TenantDb, viewer: PaymentViewer, q: Query): Promise<ListResponse<TransactionLogEntry | TransactionLogRecord>> {
  const where = whereOf(tdb, viewer, q);
  const descending = q.sortKey === undefined || q.sortValue === 'desc';
  const [rows, [counted]] = await tdb.db.batch([
    joined(tdb)
      .where(where)
      .orderBy(sortBy(q, sortColumns, desc(creditEntries.createdAt)), descending ? desc(creditEntries._id) : asc(creditEntries._id))
      .limit(q.limit)
      .offset(q.offset),
    tdb.db.select({ n: count() }).from(creditEntries).where(where),
  ]);
  const view = viewer.kind === 'admin' ? recordView : entryView;
  return paged(rows.map(view), counted?.n ?? 0, q);
}

/** One entry in the admin's view; another tenant's or an unknown id is 404. */
export async function findTransactionLog(tdb: TenantDb, id: string): Promise<TransactionLogRecord> {
  const found = await joined(tdb)
    .where(tdb.where(creditEntries, eq(creditEntries._id, id)))
    .get();
  if (!found) throw new ApiError(404, 'Transaction log was not found');
  return recordView(found);
}

export async function addTransactionLogNote(tdb: TenantDb, actor: Actor, id: string, note: string) {
  await tdb.db
    .update(creditEntries)
    .set({ adminNotes: withNote(creditEntries.adminNotes, newNote(actor, note)) })
    .where(tdb.where(creditEntries, eq(creditEntries._id, id)));
  return findTransactionLog(tdb, id);
}

export async function removeTransactionLogNote(tdb: TenantDb, id: string, noteId: string) {
  const record = await findTransactionLog(tdb, id);
  if (!record.adminNotes.some((n) => n._id === noteId)) throw new ApiError(404, 'The note was not found');
  await tdb.db
    .update(creditEntries)
    .set({ adminNotes: withoutNote(creditEntries.adminNotes, noteId) })
    .where(tdb.where(creditEntries, eq(creditEntries._id, id)));
  return findTransactionLog(tdb, id);
}
