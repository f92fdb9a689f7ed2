import { desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { type CallLogRecord, callLogListQuery } from '../../schema/contracts/waiting-room';
import { callLogs, courses, sections } from '../../schema/tables';
import type { AppBindings } from '../env';
import { listPage, paged, sortBy } from '../lib/pagination';
import { type TenantDb, tenantDb } from '../lib/tenant-db';
import { peopleByIds } from '../lib/waiting-room/lesson';
import { requireAuth } from '../middleware/auth';
import { requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const sortColumns = { lessonStart: callLogs.lessonStart, createdAt: callLogs.createdAt, status: callLogs.status };

/** A bare date as an end bound means the whole of that day (UTC). */
const endOf = (value: string) => (value.length === 10 ? new Date(`${value}T23:59:59.999Z`) : new Date(value));

/** The titles of the lessons or courses `ids` names; no read when there are none. */
const titlesOf = async (tdb: TenantDb, table: typeof sections | typeof courses, ids: string[]) =>
  ids.length
    ? tdb.db
        .select({ _id: table._id, title: table.title })
        .from(table)
        .where(tdb.where(table, inArray(table._id, ids)))
        .all()
    : [];

/** The late-tutor entries the waiting rooms write (spec 2: call logs), for admins who may view them. */
export const callLogRoutes = new Hono<AppBindings>().get(
  '/admin/call-logs',
  requireAuth,
  requirePermission('callLogs', ['view']),
  validate('query', callLogListQuery),
  async (c) => {
    const tdb = tenantDb(c);
    const q = c.req.valid('query');
    const where = tdb.where(
      callLogs,
      q.tutorId ? eq(callLogs.tutorId, q.tutorId) : undefined,
      q.studentId ? sql`exists (select 1 from json_each(${callLogs.studentIds}) where json_each.value = ${q.studentId})` : undefined,
      q.status ? eq(callLogs.status, q.status) : undefined,
      q.startDate ? gte(callLogs.lessonStart, new Date(q.startDate)) : undefined,
      q.endDate ? lte(callLogs.lessonStart, endOf(q.endDate)) : undefined,
    );
    const order = sortBy(q, sortColumns, desc(callLogs.lessonStart));
    const page = await listPage(tdb.db, callLogs, where, q, (p) =>
      tdb.db.select().from(callLogs).where(where).orderBy(order, desc(callLogs._id)).limit(p.limit).offset(p.offset).all(),
    );
    const rows = page.docs;
    const sectionIds = [...new Set(rows.map((r) => r.sectionId))];
    const courseIds = [...new Set(rows.map((r) => r.courseId))];
    const [sectionRows, courseRows, people] = await Promise.all([
      titlesOf(tdb, sections, sectionIds),
      titlesOf(tdb, courses, courseIds),
      peopleByIds(tdb, [...new Set(rows.flatMap((r) => [...(r.tutorId ? [r.tutorId] : []), ...r.studentIds]))]),
    ]);
    const title = (list: { _id: string; title: string }[], id: string) => ({ _id: id, title: list.find((x) => x._id === id)?.title ?? '' });
    const person = new Map(people.map((p) => [p._id, p]));
    const docs: CallLogRecord[] = rows.map((row) => ({
      _id: row._id,
      section: title(sectionRows, row.sectionId),
      course: title(courseRows, row.courseId),
      tutor: (row.tutorId && person.get(row.tutorId)) || null,
      students: row.studentIds.flatMap((id) => person.get(id) ?? []),
      lessonStart: row.lessonStart.toISOString(),
      status: row.status,
      error: row.error,
      tutorJoinedAt: row.tutorJoinedAt?.toISOString() ?? null,
      waitingUserIds: row.waitingUserIds,
      notifiedUserIds: row.notifiedUserIds,
      createdAt: row.createdAt.toISOString(),
    }));
    return c.json(paged(docs, page.totalDocs, q));
  },
);
