import { and, eq, exists, type SQL } from 'drizzle-orm';
import { courses, sectionAttendees, sections, users } from '../../../schema/tables';
import type { Actor } from '../../env';
import { auditStatement } from '../audit';
import type { TenantDb } from '../tenant-db';
import type { SectionRow } from './tree';

/**
 * "Maths with Theo": the lesson as the audit log names it, written with the entry so it still reads after the lesson
 * is gone. A title someone gave wins over the course's; the plain default "Lesson" does not.
 */
export async function lessonLabel(tdb: TenantDb, row: SectionRow) {
  const [course, tutor] = await Promise.all([
    tdb.db
      .select({ title: courses.title })
      .from(courses)
      .where(tdb.where(courses, eq(courses._id, row.courseId)))
      .get(),
    tdb.db
      .select({ firstname: users.firstname })
      .from(sectionAttendees)
      .innerJoin(users, eq(users._id, sectionAttendees.userId))
      .where(tdb.where(sectionAttendees, eq(sectionAttendees.sectionId, row._id), eq(sectionAttendees.kind, 'TUTOR')))
      .get(),
  ]);
  const given = row.title.trim();
  const name = given && given.toLowerCase() !== 'lesson' ? given : (course?.title ?? 'Lesson');
  return tutor?.firstname && !name.includes(tutor.firstname) ? `${name} with ${tutor.firstname}` : name;
}

export type LessonChangeKind = { action: 'lesson.cancel'; reason: string } | { action: 'lesson.reschedule'; to: Date };

/**
 * The audit entry of a lesson's cancel or move, for the change's own batch (before it): written only while the lesson
 * is still active and `guard` holds, which is exactly when the change itself is made. Wrapped, as rescheduleStatement
 * is: an async function returning a query builder would run it.
 */
export async function lessonChangeAudit(tdb: TenantDb, actor: Actor, row: SectionRow, change: LessonChangeKind, guard?: SQL) {
  const stillActive = exists(
    tdb.db
      .select({ _id: sections._id })
      .from(sections)
      .where(and(tdb.where(sections, eq(sections._id, row._id), eq(sections.status, 'ACTIVE')), guard)),
  );
  const subject = { type: 'lesson' as const, id: row._id, label: await lessonLabel(tdb, row), at: row.start };
  return {
    statement:
      change.action === 'lesson.cancel'
        ? auditStatement(tdb, actor, { action: change.action, subject, summary: 'Cancelled the lesson', reason: change.reason }, stillActive)
        : auditStatement(tdb, actor, { action: change.action, subject, movedTo: change.to, summary: 'Moved the lesson to a new time' }, stillActive),
  };
}
