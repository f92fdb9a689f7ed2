import { and, asc, count, eq, exists, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql, sum } from 'drizzle-orm';
import type { ScheduleLesson, ScheduleLessonType } from '../../../schema/contracts/schedule';
import { courses, courseTutors, sectionAttendees, sections, users } from '../../../schema/tables';
import { joinWindow, lessonTimes, wireWindow } from '../lessons/join-window';
import { chunks } from '../sections/access';
import { joinUrlFor } from '../sections/meetings';
import type { TenantDb } from '../tenant-db';

export interface LessonFilters {
  startDate?: Date;
  endDate?: Date;
  courseId?: string;
  sectionId?: string;
  studentId?: string;
  tutorId?: string;
  /** Only lessons this person attends, or whose course they tutor. */
  memberId?: string;
}

const attends = (tdb: TenantDb, userId: string, kind?: 'STUDENT' | 'TUTOR') =>
  exists(
    tdb.db
      .select({ one: sql`1` })
      .from(sectionAttendees)
      .where(and(eq(sectionAttendees.sectionId, sections._id), eq(sectionAttendees.userId, userId), kind ? eq(sectionAttendees.kind, kind) : undefined)),
  );

const tutorsCourse = (tdb: TenantDb, userId: string) =>
  exists(
    tdb.db
      .select({ one: sql`1` })
      .from(courseTutors)
      .where(and(eq(courseTutors.courseId, sections.courseId), eq(courseTutors.userId, userId), eq(courseTutors.status, 'ENABLE'))),
  );

/**
 * Live lessons (ZOOM and TEAMS sections with a start) of live courses in this tenant, matching the filters. A tutor
 * is involved in every lesson of a course they tutor, as the availability code counts them busy for it.
 */
export function lessonConditions(tdb: TenantDb, filters: LessonFilters): SQL {
  return tdb.where(
    sections,
    inArray(sections.kind, ['ZOOM', 'TEAMS']),
    isNotNull(sections.start),
    isNull(sections.deletedAt),
    isNull(courses.deletedAt),
    filters.startDate ? gte(sections.start, filters.startDate) : undefined,
    filters.endDate ? lt(sections.start, filters.endDate) : undefined,
    filters.courseId ? eq(sections.courseId, filters.courseId) : undefined,
    filters.sectionId ? eq(sections._id, filters.sectionId) : undefined,
    filters.studentId ? attends(tdb, filters.studentId, 'STUDENT') : undefined,
    filters.tutorId ? or(attends(tdb, filters.tutorId, 'TUTOR'), tutorsCourse(tdb, filters.tutorId)) : undefined,
    filters.memberId ? or(attends(tdb, filters.memberId), tutorsCourse(tdb, filters.memberId)) : undefined,
  );
}

const lessonColumns = {
  _id: sections._id,
  title: sections.title,
  kind: sections.kind,
  start: sections.start,
  duration: sections.duration,
  status: sections.status,
  lessonKind: sections.lessonKind,
  joinUrl: sections.joinUrl,
  cancelReason: sections.cancelReason,
  missed: sections.missed,
  updatedAt: sections.updatedAt,
  courseId: courses._id,
  courseTitle: courses.title,
  subject: courses.subject,
  curriculum: courses.curriculum,
  grade: courses.grade,
  isOneToOne: courses.isOneToOne,
};

/** Sorting the admin table may use; anything else is a 400 naming sortKey. */
export const lessonSortColumns = {
  start: sections.start,
  duration: sections.duration,
  title: sections.title,
  status: sections.status,
  course: courses.title,
  subject: courses.subject,
};

const fromLessons = (tdb: TenantDb) =>
  tdb.db
    .select(lessonColumns)
    .from(sections)
    .innerJoin(courses, and(eq(courses._id, sections.courseId), eq(courses.tenantId, tdb.tenantId)));

type LessonRow = Awaited<ReturnType<ReturnType<typeof fromLessons>['all']>>[number];

export const lessonTypeOf = (row: { lessonKind: string | null; isOneToOne: boolean }): ScheduleLessonType =>
  row.lessonKind === 'TRIAL' ? 'TRIAL' : row.isOneToOne ? '1 on 1' : 'GROUP';

/** Lessons with their course and attendees, in the order given (default: by start). */
export async function findLessons(tdb: TenantDb, filters: LessonFilters, page?: { order: SQL; limit: number; offset: number }) {
  const query = fromLessons(tdb).where(lessonConditions(tdb, filters));
  const rows = page
    ? await query.orderBy(page.order, asc(sections._id)).limit(page.limit).offset(page.offset).all()
    : await query.orderBy(asc(sections.start), asc(sections._id)).all();
  return withAttendees(tdb, rows);
}

/** How many lessons match and how many minutes they add up to, in one query. */
export async function lessonTotals(tdb: TenantDb, filters: LessonFilters) {
  const row = await tdb.db
    .select({ totalDocs: count(), totalDuration: sum(sections.duration) })
    .from(sections)
    .innerJoin(courses, and(eq(courses._id, sections.courseId), eq(courses.tenantId, tdb.tenantId)))
    .where(lessonConditions(tdb, filters))
    .get();
  return { totalDocs: row?.totalDocs ?? 0, totalDuration: Number(row?.totalDuration ?? 0) };
}

export type LessonWithStamp = ScheduleLesson & { updatedAt: Date };

async function withAttendees(tdb: TenantDb, rows: LessonRow[]): Promise<LessonWithStamp[]> {
  const people = (
    await Promise.all(
      chunks(rows.map((r) => r._id)).map((ids) =>
        tdb.db
          .select({ sectionId: sectionAttendees.sectionId, _id: users._id, firstname: users.firstname, lastname: users.lastname, kind: sectionAttendees.kind })
          .from(sectionAttendees)
          .innerJoin(users, eq(users._id, sectionAttendees.userId))
          .where(tdb.where(sectionAttendees, inArray(sectionAttendees.sectionId, ids)))
          .orderBy(sectionAttendees.kind, users.firstname, users._id)
          .all(),
      ),
    )
  ).flat();
  const now = new Date();
  return rows.map((row) => {
    const start = row.start!;
    const duration = row.duration ?? 0;
    return {
      _id: row._id,
      title: row.title,
      kind: row.kind as ScheduleLesson['kind'],
      start: start.toISOString(),
      end: new Date(start.getTime() + duration * 60_000).toISOString(),
      duration,
      status: row.status,
      lessonKind: row.lessonKind,
      lessonType: lessonTypeOf(row),
      joinUrl: joinUrlFor(row._id, row.joinUrl ?? undefined),
      cancelReason: row.cancelReason,
      course: { _id: row.courseId, title: row.courseTitle, subject: row.subject, curriculum: row.curriculum, grade: row.grade },
      attendees: people.filter((p) => p.sectionId === row._id).map(({ sectionId: _section, ...person }) => person),
      ...wireWindow(joinWindow(lessonTimes(row), now)),
      updatedAt: row.updatedAt,
    };
  });
}

/** What goes on the wire: the stamp is only for calendar files. */
export const toWire = ({ updatedAt: _stamp, ...lesson }: LessonWithStamp): ScheduleLesson => lesson;
