import { and, eq, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { CreditEntryKind } from '../../../schema/contracts/payments';
import { creditEntries } from '../../../schema/tables';
import { newId } from '../../../schema/tables/columns';
import type { TenantDb } from '../tenant-db';

export interface Debit {
  studentId: string;
  /** The credit-type course's own balance, or null for the student's general minutes. */
  courseId: string | null;
  kind: CreditEntryKind;
  sourceId: string;
  description: string;
  /** Minutes wanted, as SQL so it can depend on entries written earlier in the same batch. */
  wanted: SQL;
  at: Date;
}

/** A balance's sum as a scalar subquery, read by the statement that uses it. */
export const balanceSql = (tdb: TenantDb, studentId: string, courseId: string | null) =>
  sql`(SELECT COALESCE(SUM(${creditEntries.minutes}), 0) FROM ${creditEntries}
    WHERE ${and(eq(creditEntries.tenantId, tdb.tenantId), eq(creditEntries.studentId, studentId), courseId === null ? isNull(creditEntries.courseId) : eq(creditEntries.courseId, courseId))})`;

/**
 * The minutes taken so far by entries of one kind whose source matches (a lesson's debits, a payment's refunds), as a
 * scalar subquery: read by the statement that uses it, so it sees what earlier statements of its batch wrote.
 */
export const minutesTaken = (tdb: TenantDb, kind: CreditEntryKind, source: (sourceId: typeof creditEntries.sourceId) => SQL | undefined) =>
  sql`(SELECT COALESCE(-SUM(${creditEntries.minutes}), 0) FROM ${creditEntries}
    WHERE ${and(eq(creditEntries.tenantId, tdb.tenantId), eq(creditEntries.kind, kind), source(creditEntries.sourceId))})`;

/**
 * One debit of a balance that never takes it below zero: the balance is read inside the insert, so in a D1 batch
 * (one transaction, run one at a time) two debits never spend the same minutes. It writes nothing when the balance or
 * the want is empty, and nothing twice for one source (the entries' unique kind and source).
 */
export function guardedDebit(tdb: TenantDb, debit: Debit) {
  const balance = balanceSql(tdb, debit.studentId, debit.courseId);
  return entryFromSelect(
    tdb,
    debit,
    sql`-MIN(wanted, balance)`,
    sql`(SELECT ${debit.wanted} AS wanted, ${balance} AS balance) WHERE balance > 0 AND wanted > 0`,
  );
}

/** An entry that gives back `wanted` minutes when it is more than zero, worked out in SQL from earlier entries. */
export function guardedCredit(tdb: TenantDb, credit: Debit) {
  return entryFromSelect(tdb, credit, sql`wanted`, sql`(SELECT ${credit.wanted} AS wanted) WHERE wanted > 0`);
}

function entryFromSelect(tdb: TenantDb, entry: Debit, minutes: SQL, from: SQL) {
  const now = entry.at.getTime();
  const row: Partial<Record<keyof typeof creditEntries.$inferInsert, SQL>> = {
    _id: sql`${newId()}`,
    tenantId: sql`${tdb.tenantId}`,
    studentId: sql`${entry.studentId}`,
    courseId: sql`${entry.courseId}`,
    kind: sql`${entry.kind}`,
    minutes,
    sourceId: sql`${entry.sourceId}`,
    description: sql`${entry.description}`,
    createdAt: sql`${now}`,
    updatedAt: sql`${now}`,
  };
  return tdb.db
    .insert(creditEntries)
    .select(sql`SELECT ${selectList(creditEntries, row)} FROM ${from}`)
    .onConflictDoNothing();
}

/**
 * An INSERT … SELECT names every column of the table in its own order, so the select list is built from the table:
 * the values given, else each column's default, else NULL. A column added later cannot shift the others.
 */
function selectList(table: SQLiteTable, row: Record<string, SQL | undefined>): SQL {
  const parts = Object.entries(getTableColumns(table)).map(([key, column]) => {
    const given = row[key];
    if (given) return given;
    if (column.default !== undefined) return sql`${column.mapToDriverValue(column.default)}`;
    if (column.defaultFn) return sql`${column.mapToDriverValue(column.defaultFn())}`;
    return sql`NULL`;
  });
  return sql.join(parts, sql`, `);
}
