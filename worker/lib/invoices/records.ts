import { desc, eq, inArray, type SQL } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import type { AdminInvoiceQuery, AdminInvoiceRecord, InvoicePerson, InvoiceQuery, InvoiceRecord } from '../../../schema/contracts/invoices';
import { invoiceLines, invoices } from '../../../schema/tables';
import type { Actor } from '../../env';
import { type ListQuery, listPage, sortBy } from '../pagination';
import type { TenantDb } from '../tenant-db';
import { fullName, type Person, peopleById } from './family';

export type InvoiceRow = typeof invoices.$inferSelect;

export const invoiceNotFound = () => new ApiError(404, 'Invoice was not found');

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const person = (p: Person | undefined, id: string): InvoicePerson =>
  p ? { _id: p._id, firstname: p.firstname, lastname: p.lastname, email: p.email } : { _id: id, firstname: '', lastname: '', email: null };

/** The invoices as the admin reads them, each with its current lines, its total and the people it names. */
export async function invoiceRecords(tdb: TenantDb, rows: InvoiceRow[], now = new Date()): Promise<AdminInvoiceRecord[]> {
  if (!rows.length) return [];
  const lines = await tdb.db
    .select()
    .from(invoiceLines)
    .where(
      tdb.where(
        invoiceLines,
        inArray(
          invoiceLines.invoiceId,
          rows.map((r) => r._id),
        ),
      ),
    )
    .orderBy(invoiceLines.position)
    .all();
  const people = await peopleById(tdb, [...rows.map((r) => r.userId), ...lines.flatMap((l) => (l.studentId ? [l.studentId] : []))]);
  return rows.map((row) => {
    const own = lines.filter((l) => l.invoiceId === row._id && l.lineSet === row.lineSet);
    const studentIds = [...new Set(own.flatMap((l) => (l.studentId ? [l.studentId] : [])))];
    return {
      _id: row._id,
      invoiceNumber: row.invoiceNumber,
      status: row.status,
      currency: row.currency,
      total: own.reduce((sum, l) => sum + l.amount, 0),
      payer: person(people.get(row.userId), row.userId),
      students: studentIds.map((id) => person(people.get(id), id)),
      lines: own.map((l) => {
        const student = l.studentId ? people.get(l.studentId) : undefined;
        return {
          _id: l._id,
          description: l.description,
          studentId: l.studentId,
          studentName: student ? fullName(student) : null,
          sectionId: l.sectionId,
          lessonHistoryId: l.lessonHistoryId,
          lessonStart: iso(l.lessonStart),
          minutes: l.minutes,
          unitAmount: l.unitAmount,
          amount: l.amount,
        };
      }),
      issuedAt: row.issuedAt.toISOString(),
      dueAt: row.dueAt.toISOString(),
      overdue: row.status === 'PENDING' && row.dueAt < now,
      periodStart: iso(row.periodStart),
      periodEnd: iso(row.periodEnd),
      paidAt: iso(row.paidAt),
      sentAt: iso(row.sentAt),
      reminderSentAt: iso(row.reminderSentAt),
      adminNotes: row.adminNotes,
      createdBy: row.createdBy,
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** What the payer sees: everything but the admins' notes and bookkeeping. */
export function payerView({ adminNotes: _notes, createdBy: _by, updatedAt: _updated, ...record }: AdminInvoiceRecord): InvoiceRecord {
  return record;
}

export async function findInvoiceRow(tdb: TenantDb, id: string): Promise<InvoiceRow> {
  const row = await tdb.db
    .select()
    .from(invoices)
    .where(tdb.where(invoices, eq(invoices._id, id)))
    .get();
  if (!row) throw invoiceNotFound();
  return row;
}

export async function adminInvoice(tdb: TenantDb, id: string): Promise<AdminInvoiceRecord> {
  const [record] = await invoiceRecords(tdb, [await findInvoiceRow(tdb, id)]);
  return record!;
}

export async function adminInvoicesById(tdb: TenantDb, ids: string[]): Promise<AdminInvoiceRecord[]> {
  if (!ids.length) return [];
  const rows = await tdb.db
    .select()
    .from(invoices)
    .where(tdb.where(invoices, inArray(invoices._id, ids)))
    .all();
  const records = await invoiceRecords(tdb, rows);
  return ids.flatMap((id) => records.filter((r) => r._id === id));
}

const sortable = {
  invoiceNumber: invoices.invoiceNumber,
  issuedAt: invoices.issuedAt,
  dueAt: invoices.dueAt,
  paidAt: invoices.paidAt,
  status: invoices.status,
};

async function page(tdb: TenantDb, where: SQL, q: Pick<ListQuery, 'limit' | 'offset' | 'sortKey' | 'sortValue'>) {
  const order = sortBy(q, sortable, desc(invoices.invoiceNumber));
  return listPage(tdb.db, invoices, where, q, async ({ limit, offset }) => {
    const rows = await tdb.db.select().from(invoices).where(where).orderBy(order, desc(invoices.invoiceNumber)).limit(limit).offset(offset).all();
    return invoiceRecords(tdb, rows);
  });
}

/** `GET /admin/invoices`: the tenant's invoices, newest number first unless sorted, by payer, status and number. */
export function listInvoices(tdb: TenantDb, q: AdminInvoiceQuery) {
  const where = tdb.where(
    invoices,
    q.userId === undefined ? undefined : eq(invoices.userId, q.userId),
    q.status === undefined ? undefined : eq(invoices.status, q.status),
    q.invoiceNumber === undefined ? undefined : eq(invoices.invoiceNumber, q.invoiceNumber),
  );
  return page(tdb, where, q);
}

/**
 * Whose invoices a caller reads: those billed to them, or to the student they act for (a parent acting for a child
 * who pays their own). Anyone else's invoice answers 404, so it is not revealed.
 */
const ownInvoices = (tdb: TenantDb, actor: Actor, ...conditions: SQL[]) =>
  tdb.where(invoices, inArray(invoices.userId, [...new Set([actor.userId, actor.actingUserId])]), ...conditions);

export async function listOwnInvoices(tdb: TenantDb, actor: Actor, q: InvoiceQuery) {
  const list = await page(tdb, ownInvoices(tdb, actor, ...(q.status === undefined ? [] : [eq(invoices.status, q.status)])), q);
  return { ...list, docs: list.docs.map(payerView) };
}

export async function findOwnInvoiceRow(tdb: TenantDb, actor: Actor, id: string): Promise<InvoiceRow> {
  const row = await tdb.db
    .select()
    .from(invoices)
    .where(ownInvoices(tdb, actor, eq(invoices._id, id)))
    .get();
  if (!row) throw invoiceNotFound();
  return row;
}

export async function ownInvoice(tdb: TenantDb, actor: Actor, id: string): Promise<InvoiceRecord> {
  const [record] = await invoiceRecords(tdb, [await findOwnInvoiceRow(tdb, actor, id)]);
  return payerView(record!);
}
