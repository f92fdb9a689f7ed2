import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { and, asc, count, eq, gt, inArray, isNull } from 'drizzle-orm';
import { ApiError, fieldError } from '../../../platform/errors';
import type { Course, CoursePerson, CourseTutorRef, NextLesson } from '../../../schema/contracts/courses';
import * as contract from '../../../schema/contracts/courses';
import * as tables from '../../../schema/tables';
import { courseStudents, courses, courseTutors, curricula, grades, sections, subjects, users } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';
import { priceOf, priceOverrideOf, templatePrices } from './course-price';

/** The contract's enums are copies of the table's; this fails to compile if the two drift apart. */
const sameEnums: [typeof tables.courseKinds, typeof tables.courseStatuses, typeof tables.coursePaymentTypes, typeof tables.courseTutorTypes] = [
  contract.courseKinds,
  contract.courseStatuses,
  contract.coursePaymentTypes,
  contract.courseTutorTypes,
];
void sameEnums;

export type CourseRow = typeof courses.$inferSelect;

export const personColumns = { _id: users._id, firstname: users.firstname, lastname: users.lastname, email: users.email, avatar: users.avatar };
export const toPerson = (row: { _id: string; firstname: string; lastname: string; email: string | null; avatar: string | null }): CoursePerson => ({
  ...row,
  email: row.email ?? '',
});

export async function findCourse(tdb: TenantDb, id: string): Promise<CourseRow> {
  const course = await tdb.db
    .select()
    .from(courses)
    .where(tdb.where(courses, eq(courses._id, id), isNull(courses.deletedAt)))
    .get();
  if (!course) throw new ApiError(404, 'Course not found');
  return course;
}

/** The ids of the tenant's live courses, as a subquery: lists of a course's people leave deleted courses out. */
export const liveCourseIds = (tdb: TenantDb) =>
  tdb.db
    .select({ id: courses._id })
    .from(courses)
    .where(tdb.where(courses, isNull(courses.deletedAt)));

type MemberTable = typeof courseStudents | typeof courseTutors;

/** An admin list of students or tutors: of live courses only, narrowed to one course and one status when asked. */
export const memberListWhere = <T extends MemberTable>(tdb: TenantDb, table: T, q: { course?: string; status?: T['$inferSelect']['status'] }) =>
  tdb.where(
    table,
    inArray(table.courseId, liveCourseIds(tdb)),
    q.course ? eq(table.courseId, q.course) : undefined,
    q.status ? eq(table.status, q.status) : undefined,
  );

/** Where one person is a student or a tutor, of courses not deleted. */
export const membershipsOf = (tdb: TenantDb, table: MemberTable, userId: string) => tdb.where(table, eq(table.userId, userId), isNull(courses.deletedAt));

/** Curriculum, subject and grade are names from this tenant's catalogue; each must name a real entry under the one before. */
export async function assertCatalogue(tdb: TenantDb, input: { curriculum: string; subject: string; grade: string }) {
  const curriculum = await tdb.db
    .select({ _id: curricula._id })
    .from(curricula)
    .where(tdb.where(curricula, eq(curricula.name, input.curriculum)))
    .get();
  if (!curriculum) throw fieldError('curriculum', 'is not in the catalogue');
  const subject = await tdb.db
    .select({ _id: subjects._id })
    .from(subjects)
    .where(tdb.where(subjects, eq(subjects.curriculumId, curriculum._id), eq(subjects.name, input.subject)))
    .get();
  if (!subject) throw fieldError('subject', `is not taught in ${input.curriculum}`);
  const grade = await tdb.db
    .select({ _id: grades._id })
    .from(grades)
    .where(tdb.where(grades, eq(grades.subjectId, subject._id), eq(grades.grade, input.grade)))
    .get();
  if (!grade) throw fieldError('grade', `is not offered for ${input.subject}`);
}

/** Every id must be a live user of this tenant with the given role; the first one that is not is named. */
export async function assertUsers(tdb: TenantDb, ids: string[], role: 'STUDENT' | 'TUTOR', path: string, asList = true) {
  if (ids.length === 0) return;
  const found = new Set(
    (
      await tdb.db
        .select({ _id: users._id })
        .from(users)
        .where(tdb.where(users, inArray(users._id, ids), eq(users.role, role), isNull(users.deletedAt)))
        .all()
    ).map((u) => u._id),
  );
  const index = ids.findIndex((id) => !found.has(id));
  if (index >= 0) throw fieldError(asList ? `${path}.${index}` : path, `must be a ${role.toLowerCase()} of this site`);
}

/** The tutors (with who they are), the enrolled-student count and the template price of each course, in three queries. */
export async function courseExtras(tdb: TenantDb, courseIds: string[]) {
  const tutors = new Map<string, CourseTutorRef[]>();
  const students = new Map<string, number>();
  if (courseIds.length === 0) return { tutors, students, prices: new Map() };
  const [tutorRows, studentRows, prices] = await Promise.all([
    tdb.db
      .select({ tutor: courseTutors, user: personColumns })
      .from(courseTutors)
      .innerJoin(users, eq(users._id, courseTutors.userId))
      .where(tdb.where(courseTutors, inArray(courseTutors.courseId, courseIds)))
      .orderBy(asc(courseTutors.createdAt))
      .all(),
    tdb.db
      .select({ courseId: courseStudents.courseId, n: count() })
      .from(courseStudents)
      .where(tdb.where(courseStudents, inArray(courseStudents.courseId, courseIds), eq(courseStudents.status, 'ENROLLED')))
      .groupBy(courseStudents.courseId)
      .all(),
    templatePrices(tdb, courseIds),
  ]);
  for (const { tutor, user } of tutorRows) {
    const list = tutors.get(tutor.courseId) ?? [];
    list.push({ _id: tutor._id, course: tutor.courseId, groupClassId: tutor.groupClassId, status: tutor.status, type: tutor.type, user: toPerson(user) });
    tutors.set(tutor.courseId, list);
  }
  for (const row of studentRows) students.set(row.courseId, row.n);
  return { tutors, students, prices };
}

export function toCourse(row: CourseRow, extras: Awaited<ReturnType<typeof courseExtras>>): Course {
  return {
    _id: row._id,
    title: row.title,
    description: row.description,
    kind: row.kind,
    isOneToOne: row.isOneToOne,
    status: row.status,
    paymentType: row.paymentType,
    curriculum: row.curriculum,
    subject: row.subject,
    grade: row.grade,
    groupClassId: row.groupClassId,
    permissionTemplateId: row.permissionTemplateId,
    pricingTemplateId: row.pricingTemplateId,
    priceOverride: priceOverrideOf(row),
    price: priceOf(row, extras.prices.get(row._id)),
    tutors: extras.tutors.get(row._id) ?? [],
    studentsCount: extras.students.get(row._id) ?? 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function courseRecords(tdb: TenantDb, rows: CourseRow[]) {
  const extras = await courseExtras(
    tdb,
    rows.map((r) => r._id),
  );
  return rows.map((row) => toCourse(row, extras));
}

/** Live meetings that have not started yet, of the given courses. */
export const upcomingMeeting = (now: Date) =>
  and(inArray(sections.kind, ['ZOOM', 'TEAMS']), eq(sections.status, 'ACTIVE'), gt(sections.start, now), isNull(sections.deletedAt));

/** Each course's next lesson, shown in `timeZone` (the device's zone) as well as UTC. */
export async function nextLessons(tdb: TenantDb, courseIds: string[], timeZone: string, now = new Date()) {
  const result = new Map<string, NextLesson>();
  if (courseIds.length === 0) return result;
  const rows = await tdb.db
    .select({ _id: sections._id, courseId: sections.courseId, title: sections.title, start: sections.start })
    .from(sections)
    .where(tdb.where(sections, inArray(sections.courseId, courseIds), upcomingMeeting(now)))
    .orderBy(asc(sections.start))
    .all();
  for (const row of rows) {
    if (result.has(row.courseId) || !row.start) continue;
    result.set(row.courseId, {
      _id: row._id,
      title: row.title,
      start: row.start.toISOString(),
      timezone: timeZone,
      localStart: format(row.start, "yyyy-MM-dd'T'HH:mm:ssXXX", { in: tz(timeZone) }),
    });
  }
  return result;
}

/** How many lessons of a course a user attends from now on (the verify-delete answers count them). */
export async function upcomingLessonCount(tdb: TenantDb, courseId: string, now = new Date()) {
  const row = await tdb.db
    .select({ n: count() })
    .from(sections)
    .where(tdb.where(sections, eq(sections.courseId, courseId), upcomingMeeting(now)))
    .get();
  return row?.n ?? 0;
}
