import { and, eq, getTableColumns, gte, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AuditAction, AuditSubjectType } from '../../schema/contracts/audit-enums';
import { auditLog, users } from '../../schema/tables';
import { newId } from '../../schema/tables/columns';
import type { Actor, Db } from '../env';
import type { TenantDb } from './tenant-db';

/** Who made a change: a signed-in person (the admin, even while acting as someone) or Stripe's webhooks. */
export type AuditWho = Actor | 'stripe';

export interface AuditInput {
  action: AuditAction;
  subject: { type: AuditSubjectType; id: string; label: string; at?: Date | null };
  /** A moved lesson's new time. */
  movedTo?: Date;
  /** A short sentence without times (the reader's screen shows times in their own zone). */
  summary: string;
  reason?: string;
}

function entryRow(tdb: TenantDb, who: AuditWho, input: AuditInput) {
  const person =
    who === 'stripe'
      ? { actorKind: 'stripe' as const, actorId: null, actingAsId: null, sessionId: null }
      : {
          actorKind: 'person' as const,
          actorId: who.impersonatorId ?? who.userId,
          actingAsId: who.impersonatorId ? who.userId : null,
          sessionId: who.sessionId,
        };
  return tdb.values(auditLog, {
    ...person,
    action: input.action,
    subjectType: input.subject.type,
    subjectId: input.subject.id,
    subjectLabel: input.subject.label,
    subjectAt: input.subject.at ?? null,
    movedTo: input.movedTo ?? null,
    summary: input.summary,
    reason: input.reason ?? null,
  });
}

/**
 * The entry as a statement for the change's own D1 batch: it is written with the change or not at all. `when` is the
 * condition the change itself is guarded by (the lesson still active, the request still waiting); put the entry before
 * the change in the batch and it is written exactly when the change is.
 */
export function auditStatement(tdb: TenantDb, who: AuditWho, input: AuditInput, when?: SQL) {
  const row: Record<string, unknown> = { _id: newId(), createdAt: new Date(), method: null, route: null, status: null, ...entryRow(tdb, who, input) };
  if (!when) return tdb.db.insert(auditLog).values(row as typeof auditLog.$inferInsert);
  const values = Object.entries(getTableColumns(auditLog)).map(([key, column]) => (row[key] == null ? sql`null` : sql.param(row[key], column)));
  return tdb.db.insert(auditLog).select(sql`select ${sql.join(values, sql`, `)} where ${when}`);
}

/**
 * The entry for a change that is not one batch, written right after it. The change already happened, so a failure
 * here is logged, not answered: the person's action stands.
 */
export async function recordAudit(tdb: TenantDb, who: AuditWho, input: AuditInput) {
  try {
    await auditStatement(tdb, who, input);
  } catch (error) {
    console.error(`audit: could not record ${input.action} of ${input.subject.type} ${input.subject.id}`, error);
  }
}

export interface RequestTrace {
  tenantId: string;
  actorId: string;
  subjectId: string;
  subjectLabel: string;
  sessionId: string;
  method: string;
  route: string;
  status: number;
}

/** The raw trace of a change made while acting as someone, for requests no described entry covers. */
export async function traceRequest(db: Db, entry: RequestTrace) {
  await db.insert(auditLog).values({
    tenantId: entry.tenantId,
    action: 'request',
    actorId: entry.actorId,
    actingAsId: entry.subjectId,
    sessionId: entry.sessionId,
    subjectType: 'user',
    subjectId: entry.subjectId,
    subjectLabel: entry.subjectLabel,
    summary: `${entry.method} ${entry.route}`,
    method: entry.method,
    route: entry.route,
    status: entry.status,
  });
}

/** Whether this session's request already wrote a described entry (then its raw trace would say the same again). */
export async function describedSince(db: Db, tenantId: string, sessionId: string, since: Date) {
  const row = await db
    .select({ _id: auditLog._id })
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, tenantId), gte(auditLog.createdAt, since), eq(auditLog.sessionId, sessionId), ne(auditLog.action, 'request')))
    .get();
  return Boolean(row);
}

/** "Sam Student": a person as entries name them. */
export const fullName = (person: { firstname: string; lastname: string }) => `${person.firstname} ${person.lastname}`.trim() || 'Someone';

/** Names of the tenant's people by id, deleted accounts too: the log still reads after someone leaves. */
export async function namesById(tdb: TenantDb, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await tdb.db
    .select({ _id: users._id, firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .where(tdb.where(users, inArray(users._id, wanted)))
    .all();
  return new Map(rows.map((row) => [row._id, fullName(row)]));
}

export async function nameOf(tdb: TenantDb, id: string) {
  return (await namesById(tdb, [id])).get(id) ?? 'Someone';
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** POSTs that only read (as the original API spells some reads) or hand out a socket ticket: they change nothing. */
const READING_POSTS = new Set([
  '/api/rt/tickets',
  '/api/meta-tags/get',
  '/api/meeting-requests/preview',
  '/api/admin/invoices/draw/preview',
  '/api/quizzes/getBySubTopicId',
  '/api/sessions/list',
  '/api/stripe/premium/getProductPrice',
  '/api/submissions/answer/get',
  '/api/submissions/question/get',
  '/api/topics/getTopics',
]);

export const changesState = (method: string, path: string) => STATE_CHANGING.has(method.toUpperCase()) && !READING_POSTS.has(path);
