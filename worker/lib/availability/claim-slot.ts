import type { SectionAttendee } from '../../../schema/contracts/sections';
import { newId } from '../../../schema/tables/columns';
import type { Db } from '../../env';
import type { TenantDb } from '../tenant-db';

export interface LessonClaim {
  tutorId: string;
  start: Date;
  end: Date;
  section: {
    _id?: string;
    courseId: string;
    parentId?: string | null;
    sortingKey: number;
    kind: 'TEAMS' | 'ZOOM';
    title: string;
    lessonKind?: 'TRIAL' | 'DUMMY' | 'LESSON' | null;
    billingKind?: 'BILLABLE' | 'NON_BILLABLE' | null;
    joinUrl?: string | null;
    createdBy: string;
  };
  /** Everyone attending, the tutor included (as TUTOR), so the next claim sees the tutor busy. */
  attendees: SectionAttendee[];
}

// Raw D1: drizzle's batch cannot carry a raw INSERT … SELECT, and the app's Db type leaves drizzle's $client out.
export const d1Of = (tdb: TenantDb) => (tdb.db as Db & { $client: D1Database }).$client;

/**
 * The statements of a claim, for callers that write more rows in the same batch: the lesson row goes in only if
 * the tutor has no overlapping ACTIVE lesson, and each attendee only if the lesson row did.
 */
export function claimStatements(tdb: TenantDb, claim: LessonClaim): { sectionId: string; statements: D1PreparedStatement[] } {
  const s = claim.section;
  const sectionId = s._id ?? newId();
  const now = Date.now();
  const start = claim.start.getTime();
  const end = claim.end.getTime();
  const duration = Math.round((end - start) / 60_000);
  const d1 = d1Of(tdb);
  const insertLesson = d1
    .prepare(
      `INSERT INTO sections (_id, tenant_id, course_id, parent_id, sorting_key, kind, title, status, start, duration, lesson_kind, billing_kind, join_url, created_by, created_at, updated_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, 'ACTIVE', ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?14
       WHERE NOT EXISTS (
         SELECT 1 FROM sections busy
         WHERE busy.tenant_id = ?2 AND busy.status = 'ACTIVE' AND busy.deleted_at IS NULL AND busy.kind IN ('TEAMS', 'ZOOM')
           AND busy.start < ?15 AND busy.start + busy.duration * 60000 > ?8
           AND (
             EXISTS (SELECT 1 FROM section_attendees a WHERE a.section_id = busy._id AND a.user_id = ?16)
             OR EXISTS (SELECT 1 FROM course_tutors ct WHERE ct.course_id = busy.course_id AND ct.user_id = ?16 AND ct.status = 'ENABLE')
           )
       )`,
    )
    .bind(
      sectionId,
      tdb.tenantId,
      s.courseId,
      s.parentId ?? null,
      s.sortingKey,
      s.kind,
      s.title,
      start,
      duration,
      s.lessonKind ?? null,
      s.billingKind ?? null,
      s.joinUrl ?? `/learning-portal/waiting-room/${sectionId}`,
      s.createdBy,
      now,
      end,
      claim.tutorId,
    );
  const insertAttendees = claim.attendees.map((a) =>
    d1
      .prepare(
        `INSERT INTO section_attendees (_id, tenant_id, section_id, user_id, kind, created_at, updated_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?6 WHERE EXISTS (SELECT 1 FROM sections WHERE _id = ?3 AND tenant_id = ?2)`,
      )
      .bind(newId(), tdb.tenantId, sectionId, a.user, a.kind, now),
  );
  return { sectionId, statements: [insertLesson, ...insertAttendees] };
}

/**
 * Books the lesson only if the tutor has no overlapping ACTIVE lesson. The check and the insert are one statement
 * (INSERT … SELECT … WHERE NOT EXISTS), and D1 runs a batch as one transaction, so of several claims racing for the
 * same time exactly one wins; its attendees are written in the same batch, only if its lesson row was.
 */
export async function claimSlot(tdb: TenantDb, claim: LessonClaim): Promise<{ won: boolean; sectionId: string }> {
  const { sectionId, statements } = claimStatements(tdb, claim);
  const [lesson] = await d1Of(tdb).batch(statements);
  return { won: lesson?.meta.changes === 1, sectionId };
}
