import { auditLog } from '../../schema/tables';
import type { Db } from '../env';

export interface AuditEntryInput {
  tenantId: string;
  actorId: string;
  subjectId: string;
  sessionId: string;
  method: string;
  route: string;
  status: number;
}

/** Appends one row; the table's triggers refuse UPDATE and DELETE, so entries cannot be rewritten later. */
export async function writeAudit(db: Db, entry: AuditEntryInput) {
  await db.insert(auditLog).values(entry);
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const changesState = (method: string) => STATE_CHANGING.has(method.toUpperCase());
