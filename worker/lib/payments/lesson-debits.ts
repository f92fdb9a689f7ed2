import { and, eq, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { creditEntries } from '../../../schema/tables';
import { newId } from '../../../schema/tables/columns';
import type { TenantDb } from '../tenant-db';

/** One student's lesson, as the ledger closed it, that spends their prepaid minutes. */
export interface LessonDebit {
  sectionId: string;
  studentId: string;
  courseId: string;
  minutes: number;
  description: string;
}

/**
 * The sources of a lesson's two possible debits. They are named by the lesson and the student, not by the history
 * row's id, so closing the lesson again (the job racing "End lesson") finds the same sources and writes nothing.
 */
export const lessonDebitSources = (debit: Pick<LessonDebit, 'sectionId' | 'studentId'>) => ({
  course: `${debit.sectionId}/${debit.studentId}/course`,
  general: `${debit.sectionId}/${debit.studentId}`,
});

/**
 * Statements that spend a lesson's minutes: first the course's own balance (a credit-type course's top-ups), then the
 * student's general minutes (flexible plans), never below zero in either. Each reads the balance inside the insert, so
 * in a D1 batch (one transaction, and D1 runs one at a time) two lessons closing together never spend the same minutes
 * twice. What neither balance covers stays uncovered: the debits sum to less than the lesson, and the lesson is billed.
 */
export function lessonDebitStatements(tdb: TenantDb, debit: LessonDebit, at: Date): BatchItem<'sqlite'>[] {
  const sources = lessonDebitSources(debit);
  const now = at.getTime();
  const spend = (courseId: string | null, sourceId: string, wanted: SQL) => {
    const sameBalance = courseId === null ? isNull(creditEntries.courseId) : eq(creditEntries.courseId, courseId);
    const balance = sql`(SELECT COALESCE(SUM(${creditEntries.minutes}), 0) FROM ${creditEntries}
      WHERE ${and(eq(creditEntries.tenantId, tdb.tenantId), eq(creditEntries.studentId, debit.studentId), sameBalance)})`;
    const row: Partial<Record<keyof typeof creditEntries.$inferInsert, SQL>> = {
      _id: sql`${newId()}`,
      tenantId: sql`${tdb.tenantId}`,
      studentId: sql`${debit.studentId}`,
      courseId: sql`${courseId}`,
      kind: sql`'LESSON'`,
      minutes: sql`-MIN(wanted, balance)`,
      sourceId: sql`${sourceId}`,
      description: sql`${debit.description}`,
      createdAt: sql`${now}`,
      updatedAt: sql`${now}`,
    };
    return tdb.db
      .insert(creditEntries)
      .select(sql`SELECT ${selectList(creditEntries, row)} FROM (SELECT ${wanted} AS wanted, ${balance} AS balance) WHERE balance > 0 AND wanted > 0`)
      .onConflictDoNothing();
  };
  const coveredByCourse = sql`(SELECT COALESCE(-SUM(${creditEntries.minutes}), 0) FROM ${creditEntries}
    WHERE ${and(eq(creditEntries.tenantId, tdb.tenantId), eq(creditEntries.kind, 'LESSON'), eq(creditEntries.sourceId, sources.course))})`;
  return [spend(debit.courseId, sources.course, sql`${debit.minutes}`), spend(null, sources.general, sql`(${debit.minutes} - ${coveredByCourse})`)];
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
