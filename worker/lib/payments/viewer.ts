import { eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { userMappers } from '../../../schema/tables';
import type { Actor } from '../../env';
import type { TenantDb } from '../tenant-db';

/**
 * Who reads payment history and transaction logs, and so which rows: an admin every row of the tenant; a student their
 * own; a parent what they paid and everything of their linked children (or, acting for one child, that child's alone).
 */
export type PaymentViewer = { kind: 'admin' } | { kind: 'own'; payerId: string | null; studentIds: SQL | string[] };

/** The viewer a student's or parent's session is; the routes let no one else through. */
export function ownPaymentViewer(tdb: TenantDb, actor: Actor): PaymentViewer {
  if (actor.role !== 'PARENT') return { kind: 'own', payerId: actor.userId, studentIds: [actor.actingUserId] };
  // Acting for one linked child (the auth middleware checked the link): that child's rows, whoever paid them.
  if (actor.actingUserId !== actor.userId) return { kind: 'own', payerId: null, studentIds: [actor.actingUserId] };
  return {
    kind: 'own',
    payerId: actor.userId,
    studentIds: sql`(select ${userMappers.studentId} from ${userMappers} where ${tdb.where(userMappers, eq(userMappers.parentId, actor.userId))})`,
  };
}

const studentIn = (column: SQLiteColumn, ids: SQL | string[]) => (Array.isArray(ids) ? inArray(column, ids) : sql`${column} in ${ids}`);

/** The rows of a table the viewer may see, by its payer column (if it has one) and its student column. */
export function viewerScope(viewer: PaymentViewer, columns: { payer?: SQLiteColumn; student: SQLiteColumn }): SQL | undefined {
  if (viewer.kind === 'admin') return undefined;
  const ofStudents = studentIn(columns.student, viewer.studentIds);
  return columns.payer && viewer.payerId ? or(eq(columns.payer, viewer.payerId), ofStudents) : ofStudents;
}
