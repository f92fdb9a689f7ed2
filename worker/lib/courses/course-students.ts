import { eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError } from '../../../platform/errors';
import type { CourseStudent, courseStudentInput, courseStudentUpdate, EnrolmentVerifyDelete } from '../../../schema/contracts/course-students';
import { courseStudents, courses, users } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';
import { assertSeatFree, isEnrolmentTaken } from './enrolments';
import { assertUsers, findCourse, personColumns, toPerson, upcomingLessonCount } from './records';

export const selectEnrolments = (tdb: TenantDb) =>
  tdb.db
    .select({ row: courseStudents, courseTitle: courses.title, user: personColumns })
    .from(courseStudents)
    .innerJoin(courses, eq(courses._id, courseStudents.courseId))
    .innerJoin(users, eq(users._id, courseStudents.userId));

export type EnrolmentJoined = Awaited<ReturnType<ReturnType<typeof selectEnrolments>['all']>>[number];

export const toCourseStudent = ({ row, courseTitle, user }: EnrolmentJoined): CourseStudent => ({
  _id: row._id,
  course: row.courseId,
  courseTitle,
  user: toPerson(user),
  status: row.status,
  paymentType: row.paymentType,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function findEnrolment(tdb: TenantDb, id: string) {
  const found = await selectEnrolments(tdb)
    .where(tdb.where(courseStudents, eq(courseStudents._id, id), isNull(courses.deletedAt)))
    .get();
  if (!found) throw new ApiError(404, 'Enrolment not found');
  return found;
}

export async function verifyDelete(tdb: TenantDb, enrolment: EnrolmentJoined): Promise<EnrolmentVerifyDelete> {
  const upcomingLessons = await upcomingLessonCount(tdb, enrolment.row.courseId);
  const name = `${enrolment.user.firstname} ${enrolment.user.lastname}`.trim();
  return {
    canDelete: true,
    upcomingLessons,
    message:
      upcomingLessons > 0
        ? `${name} will be removed from "${enrolment.courseTitle}", which has ${upcomingLessons} upcoming lesson${upcomingLessons === 1 ? '' : 's'}.`
        : `${name} will be removed from "${enrolment.courseTitle}".`,
  };
}

/** Puts a student on a course; a one-to-one course keeps its one seat. */
export async function enrolStudent(tdb: TenantDb, input: z.output<typeof courseStudentInput>) {
  const course = await findCourse(tdb, input.course).catch(() => {
    throw new ApiError(400, 'course: is not a course of this site', [{ path: 'course', message: 'is not a course of this site' }]);
  });
  await assertUsers(tdb, [input.user], 'STUDENT', 'user', false);
  if (await isEnrolmentTaken(tdb, courseStudents, course._id, input.user)) throw new ApiError(409, 'This student is already on the course');
  if (input.status === 'ENROLLED') await assertSeatFree(tdb, course);
  const created = await tdb.db
    .insert(courseStudents)
    .values(tdb.values(courseStudents, { courseId: course._id, userId: input.user, status: input.status, paymentType: input.paymentType }))
    .returning()
    .get();
  return findEnrolment(tdb, created._id);
}

/** Changes an enrolment's status or payment type; with nothing to change it is answered as it is. */
export async function updateEnrolment(tdb: TenantDb, enrolment: EnrolmentJoined, input: z.output<typeof courseStudentUpdate>) {
  const change = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  if (Object.keys(change).length === 0) return enrolment;
  if (input.status === 'ENROLLED' && enrolment.row.status !== 'ENROLLED')
    await assertSeatFree(tdb, await findCourse(tdb, enrolment.row.courseId), enrolment.row.userId);
  await tdb.db
    .update(courseStudents)
    .set(change)
    .where(tdb.where(courseStudents, eq(courseStudents._id, enrolment.row._id)));
  return findEnrolment(tdb, enrolment.row._id);
}

export async function removeEnrolment(tdb: TenantDb, enrolment: EnrolmentJoined) {
  await tdb.db.delete(courseStudents).where(tdb.where(courseStudents, eq(courseStudents._id, enrolment.row._id)));
  return { _id: enrolment.row._id };
}
