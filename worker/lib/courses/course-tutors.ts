import { count, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError } from '../../../platform/errors';
import type { CourseTutor, courseTutorInput, courseTutorUpdate, EnrolmentVerifyDelete } from '../../../schema/contracts/course-students';
import { courses, courseTutors, users } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';
import { assertTutorRole, defaultTutorRoleId, isEnrolmentTaken } from './enrolments';
import { assertUsers, findCourse, personColumns, toPerson, upcomingLessonCount } from './records';

export const selectCourseTutors = (tdb: TenantDb) =>
  tdb.db
    .select({ row: courseTutors, courseTitle: courses.title, user: personColumns })
    .from(courseTutors)
    .innerJoin(courses, eq(courses._id, courseTutors.courseId))
    .innerJoin(users, eq(users._id, courseTutors.userId));

export type CourseTutorJoined = Awaited<ReturnType<ReturnType<typeof selectCourseTutors>['all']>>[number];

export const toCourseTutor = ({ row, courseTitle, user }: CourseTutorJoined): CourseTutor => ({
  _id: row._id,
  course: row.courseId,
  courseTitle,
  user: toPerson(user),
  type: row.type,
  status: row.status,
  tutorRoleId: row.tutorRoleId,
  groupClassId: row.groupClassId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function findCourseTutor(tdb: TenantDb, id: string) {
  const found = await selectCourseTutors(tdb)
    .where(tdb.where(courseTutors, eq(courseTutors._id, id), isNull(courses.deletedAt)))
    .get();
  if (!found) throw new ApiError(404, 'Course tutor not found');
  return found;
}

/**
 * A tutor can come off a course (deleted or disabled) unless they are its only enabled tutor while lessons are
 * still to come: those lessons would be left with nobody to teach them.
 */
export async function verifyTutorRemoval(tdb: TenantDb, tutor: CourseTutorJoined, type: 'DELETE' | 'DISABLE'): Promise<EnrolmentVerifyDelete> {
  const upcomingLessons = await upcomingLessonCount(tdb, tutor.row.courseId);
  const others = await tdb.db
    .select({ n: count() })
    .from(courseTutors)
    .where(tdb.where(courseTutors, eq(courseTutors.courseId, tutor.row.courseId), eq(courseTutors.status, 'ENABLE')))
    .get();
  const enabledOthers = (others?.n ?? 0) - (tutor.row.status === 'ENABLE' ? 1 : 0);
  const name = `${tutor.user.firstname} ${tutor.user.lastname}`.trim();
  const verb = type === 'DELETE' ? 'removed from' : 'disabled on';
  if (upcomingLessons > 0 && enabledOthers === 0 && (type === 'DELETE' || tutor.row.status === 'ENABLE')) {
    return {
      canDelete: false,
      upcomingLessons,
      message: `${name} is the only tutor of "${tutor.courseTitle}", which has ${upcomingLessons} upcoming lesson${upcomingLessons === 1 ? '' : 's'}. Add another tutor first.`,
    };
  }
  return { canDelete: true, upcomingLessons, message: `${name} will be ${verb} "${tutor.courseTitle}".` };
}

export async function addCourseTutor(tdb: TenantDb, input: z.output<typeof courseTutorInput>) {
  const course = await findCourse(tdb, input.course).catch(() => {
    throw new ApiError(400, 'course: is not a course of this site', [{ path: 'course', message: 'is not a course of this site' }]);
  });
  await assertUsers(tdb, [input.user], 'TUTOR', 'user', false);
  if (input.tutorRoleId) await assertTutorRole(tdb, input.tutorRoleId);
  if (await isEnrolmentTaken(tdb, courseTutors, course._id, input.user)) throw new ApiError(409, 'This tutor is already on the course');
  const created = await tdb.db
    .insert(courseTutors)
    .values(
      tdb.values(courseTutors, {
        courseId: course._id,
        userId: input.user,
        type: input.type,
        tutorRoleId: input.tutorRoleId ?? (await defaultTutorRoleId(tdb)),
        tutorRoleByHand: Boolean(input.tutorRoleId),
        groupClassId: input.groupClassId ?? course.groupClassId,
      }),
    )
    .returning()
    .get();
  return findCourseTutor(tdb, created._id);
}

export async function updateCourseTutor(tdb: TenantDb, tutor: CourseTutorJoined, input: z.output<typeof courseTutorUpdate>) {
  const { status, tutorRoleId, ...rest } = input;
  if (tutorRoleId) await assertTutorRole(tdb, tutorRoleId);
  // A role given by hand wins over the course's permission template; null hands the tutor back to the template.
  const role =
    tutorRoleId === undefined
      ? {}
      : tutorRoleId === null
        ? { tutorRoleId: await defaultTutorRoleId(tdb), tutorRoleByHand: false }
        : { tutorRoleId, tutorRoleByHand: true };
  // The toggle rule: ENABLE adds or updates the tutor on the course; any other status takes them off it.
  const nextStatus = status === undefined ? tutor.row.status : status === 'ENABLE' ? 'ENABLE' : 'DISABLE';
  if (nextStatus === 'DISABLE' && tutor.row.status === 'ENABLE') {
    const check = await verifyTutorRemoval(tdb, tutor, 'DISABLE');
    if (!check.canDelete) throw new ApiError(409, check.message);
  }
  await tdb.db
    .update(courseTutors)
    .set({ ...rest, ...role, status: nextStatus })
    .where(tdb.where(courseTutors, eq(courseTutors._id, tutor.row._id)));
  return findCourseTutor(tdb, tutor.row._id);
}

/** Takes the tutor off the course, unless that would leave lessons still to come with nobody to teach them. */
export async function removeCourseTutor(tdb: TenantDb, tutor: CourseTutorJoined, courseId: string) {
  if (tutor.row.courseId !== courseId) throw new ApiError(404, 'Course tutor not found');
  const check = await verifyTutorRemoval(tdb, tutor, 'DELETE');
  if (!check.canDelete) throw new ApiError(409, check.message);
  await tdb.db.delete(courseTutors).where(tdb.where(courseTutors, eq(courseTutors._id, tutor.row._id)));
  return { _id: tutor.row._id };
}
