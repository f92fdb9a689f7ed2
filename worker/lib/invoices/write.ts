import { and, eq, ne, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { ApiError, fieldError } from '../../../platform/errors';
import type { AdminInvoiceRecord, CreateInvoiceInput, UpdateInvoiceInput } from '../../../schema/contracts/invoices';
import { type AdminNote, invoiceLines, invoices } from '../../../schema/tables';
import { newId } from '../../../schema/tables/columns';
import type { Actor } from '../../env';
import type { TenantDb } from '../tenant-db';
import { uniqueWrite } from '../unique';
import { familyOf } from './family';
import { type CheckedLine, checkLines, lineInserts } from './lines';
import { numberedInvoice } from './numbering';
import { adminInvoice, adminInvoicesById, findInvoiceRow, type InvoiceRow } from './records';

export interface Period {
  periodStart: Date;
  periodEnd: Date;
}

const lessonTaken = () => new ApiError(409, 'A lesson on these lines was just put on another invoice. Preview again to see what is left to bill.');

interface Making {
  period: Period | null;
  /** Where each invoice sits in the body, for field errors (`` alone, `invoices.2.` in a draw). */
  paths: (i: number) => string;
  /** They are to be mailed next: a payer with no address is refused before anything is made. */
  sending?: boolean;
}

/**
 * Makes invoices in one D1 batch, each with the tenant's next number: all of them or, when any line fails its
 * check or a lesson was billed meanwhile, none (and no number is used up). Answers them in the order given.
 */
export async function createInvoices(tdb: TenantDb, actor: Actor, inputs: CreateInvoiceInput[], { period, paths, sending }: Making) {
  const seen = new Set<string>();
  const issuedAt = new Date();
  const made: { _id: string; lineSet: string; lines: CheckedLine[]; input: CreateInvoiceInput }[] = [];
  for (const [i, input] of inputs.entries()) {
    const path = paths(i);
    const family = await familyOf(tdb, input.userId, `${path}userId`);
    if (sending && !family.payer.email) throw fieldError(`${path}userId`, 'has no e-mail address to send the invoice to');
    const lines = await checkLines(tdb, family, input.lines, { path, seen });
    made.push({ _id: newId(), lineSet: newId(), lines, input });
  }
  const statements: BatchItem<'sqlite'>[] = made.flatMap(({ _id, lineSet, lines, input }) => [
    ...numberedInvoice(tdb, {
      _id,
      userId: input.userId,
      currency: input.currency,
      dueAt: input.dueAt,
      issuedAt,
      periodStart: period?.periodStart ?? null,
      periodEnd: period?.periodEnd ?? null,
      lineSet,
      createdBy: actor.userId,
    }),
    ...lineInserts(tdb, _id, lineSet, lines),
  ]);
  await uniqueWrite(() => tdb.db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]), lessonTaken);
  return adminInvoicesById(
    tdb,
    made.map((m) => m._id),
  );
}

const closedMessage = (row: InvoiceRow) =>
  row.status === 'PAID' ? 'This invoice is paid, so it can no longer be changed.' : 'This invoice is void, so it can no longer be changed.';

const changedMeanwhile = () => new ApiError(409, 'This invoice was paid, voided or changed by someone else a moment ago. Reload it and try again.');

/** The lines of `invoiceId` that are not its current set: the old set after an edit, or the new one when it lost. */
const dropOtherLineSets = (tdb: TenantDb, invoiceId: string) =>
  tdb.db
    .delete(invoiceLines)
    .where(
      tdb.where(
        invoiceLines,
        eq(invoiceLines.invoiceId, invoiceId),
        ne(
          invoiceLines.lineSet,
          sql`(select ${invoices.lineSet} from ${invoices} where ${and(eq(invoices._id, invoiceId), eq(invoices.tenantId, tdb.tenantId))})`,
        ),
      ),
    );

/**
 * Edits a PENDING invoice, or voids it. Every write is guarded by the invoice being PENDING with the set of lines the
 * edit started from, so an edit that raced a payment or another edit changes nothing and is refused with 409.
 */
export async function updateInvoice(tdb: TenantDb, id: string, input: UpdateInvoiceInput): Promise<AdminInvoiceRecord> {
  const row = await findInvoiceRow(tdb, id);
  if (row.status !== 'PENDING') throw new ApiError(409, closedMessage(row));
  const unchanged = tdb.where(invoices, eq(invoices._id, id), eq(invoices.status, 'PENDING'), eq(invoices.lineSet, row.lineSet));
  if (input.status === 'VOID') {
    await tdb.db.batch([
      tdb.db.update(invoices).set({ status: 'VOID' }).where(unchanged),
      // Its lessons are free to bill again once the invoice is void.
      tdb.db
        .update(invoiceLines)
        .set({ live: false })
        .where(
          tdb.where(
            invoiceLines,
            eq(invoiceLines.invoiceId, id),
            sql`exists (select 1 from ${invoices} where ${and(eq(invoices._id, id), eq(invoices.tenantId, tdb.tenantId), eq(invoices.status, 'VOID'))})`,
          ),
        ),
    ]);
    const after = await adminInvoice(tdb, id);
    if (after.status !== 'VOID') throw changedMeanwhile();
    return after;
  }
  const lineSet = input.lines ? newId() : row.lineSet;
  const lines = input.lines ? await checkLines(tdb, await familyOf(tdb, row.userId, 'userId'), input.lines, { path: '', invoiceId: id }) : [];
  const move = tdb.db
    .update(invoices)
    .set({ currency: input.currency ?? row.currency, dueAt: input.dueAt ?? row.dueAt, lineSet })
    .where(unchanged);
  // When the guard fails, the new lines are written and dropped again in the same batch (or refused by the unique
  // lesson index): either way the invoice keeps the lines it had.
  const statements: BatchItem<'sqlite'>[] = input.lines
    ? [move, dropOtherLineSets(tdb, id), ...lineInserts(tdb, id, lineSet, lines), dropOtherLineSets(tdb, id)]
    : [move];
  await uniqueWrite(() => tdb.db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]), changedMeanwhile);
  const after = await findInvoiceRow(tdb, id);
  if (after.status !== 'PENDING' || after.lineSet !== lineSet) throw changedMeanwhile();
  return adminInvoice(tdb, id);
}

/** Appends an admin note with its own id in one statement, so two admins writing at once both keep theirs. */
export async function addInvoiceNote(tdb: TenantDb, actor: Actor, id: string, note: string) {
  await findInvoiceRow(tdb, id);
  const entry: AdminNote = { _id: newId(), note, createdBy: actor.userId, createdAt: new Date().toISOString() };
  await tdb.db
    .update(invoices)
    .set({ adminNotes: sql`json_insert(${invoices.adminNotes}, '$[#]', json(${JSON.stringify(entry)}))` })
    .where(tdb.where(invoices, eq(invoices._id, id)));
  return adminInvoice(tdb, id);
}

export async function removeInvoiceNote(tdb: TenantDb, id: string, noteId: string) {
  const row = await findInvoiceRow(tdb, id);
  if (!row.adminNotes.some((n) => n._id === noteId)) throw new ApiError(404, 'The note was not found');
  await tdb.db
    .update(invoices)
    .set({
      adminNotes: sql`(select json_group_array(json(value)) from json_each(${invoices.adminNotes}) where json_extract(value, '$._id') <> ${noteId})`,
    })
    .where(tdb.where(invoices, eq(invoices._id, id)));
  return adminInvoice(tdb, id);
}
