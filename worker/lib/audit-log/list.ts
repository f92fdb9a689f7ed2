import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns';
import { desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import type { AuditEntry, AuditLogQuery, LessonChange } from '../../../schema/contracts/audit';
import { auditKinds } from '../../../schema/contracts/audit-enums';
import { auditLog, sections } from '../../../schema/tables';
import { namesById } from '../audit';
import { listPage } from '../pagination';
import type { TenantDb } from '../tenant-db';

type AuditRow = typeof auditLog.$inferSelect;

// Entries written within the same millisecond keep the order they were written in.
const insertionOrder = sql`${auditLog}.rowid`;

/** The first instant of a calendar day in the reader's zone. */
const dayStart = (day: string, timezone: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, timezone);
};

async function toEntries(tdb: TenantDb, rows: AuditRow[]): Promise<AuditEntry[]> {
  const names = await namesById(
    tdb,
    rows.flatMap((row) => [row.actorId, row.actingAsId]),
  );
  const person = (id: string | null) => (id ? { _id: id, name: names.get(id) ?? 'Someone' } : null);
  return rows.map((row) => ({
    _id: row._id,
    action: row.action,
    actorKind: row.actorKind,
    actor: person(row.actorId),
    actingAs: person(row.actingAsId),
    subject: { type: row.subjectType, _id: row.subjectId, label: row.subjectLabel },
    subjectAt: row.subjectAt?.toISOString() ?? null,
    movedTo: row.movedTo?.toISOString() ?? null,
    summary: row.summary,
    reason: row.reason,
    request: row.method && row.route && row.status !== null ? { method: row.method, route: row.route, status: row.status } : null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** GET /api/admin/audit-log: the tenant's entries, newest first, narrowed by kind, actor, person and days. */
export async function listAuditLog(tdb: TenantDb, q: AuditLogQuery) {
  const where = tdb.where(
    auditLog,
    q.kind ? inArray(auditLog.action, [...auditKinds[q.kind]]) : undefined,
    q.actorId ? eq(auditLog.actorId, q.actorId) : undefined,
    q.personId ? or(eq(auditLog.actorId, q.personId), eq(auditLog.actingAsId, q.personId), eq(auditLog.subjectId, q.personId)) : undefined,
    q.from ? gte(auditLog.createdAt, dayStart(q.from, q.timezone)) : undefined,
    q.to ? lt(auditLog.createdAt, addDays(dayStart(q.to, q.timezone), 1)) : undefined,
  );
  const page = await listPage(tdb.db, auditLog, where, q, (p) =>
    tdb.db.select().from(auditLog).where(where).orderBy(desc(auditLog.createdAt), desc(insertionOrder)).limit(p.limit).offset(p.offset).all(),
  );
  return { ...page, docs: await toEntries(tdb, page.docs) };
}

/** The last cancel or move of one of the tenant's lessons, for the admin's lesson page; null when the log has none. */
export async function lastLessonChange(tdb: TenantDb, sectionId: string): Promise<LessonChange | null> {
  const lesson = await tdb.db
    .select({ _id: sections._id })
    .from(sections)
    .where(tdb.where(sections, eq(sections._id, sectionId)))
    .get();
  if (!lesson) throw new ApiError(404, 'Lesson not found');
  const row = await tdb.db
    .select()
    .from(auditLog)
    .where(tdb.where(auditLog, eq(auditLog.subjectId, sectionId), inArray(auditLog.action, ['lesson.cancel', 'lesson.reschedule'])))
    .orderBy(desc(auditLog.createdAt), desc(insertionOrder))
    .limit(1)
    .get();
  if (!row) return null;
  const [entry] = await toEntries(tdb, [row]);
  return { action: row.action as LessonChange['action'], actor: entry!.actor, actingAs: entry!.actingAs, createdAt: entry!.createdAt };
}
