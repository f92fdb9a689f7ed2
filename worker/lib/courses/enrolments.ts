import { and, eq } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import { courseStudents, courseTutors, tutorRoles } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';
import type { CourseRow } from './records';

/** The tenant's default course role (Editor), which a course tutor gets unless another is named. */
export async function defaultTutorRoleId(tdb: TenantDb) {
  const role = await tdb.db
    .select({ _id: tutorRoles._id })
    .from(tutorRoles)
    .where(tdb.where(tutorRoles, eq(tutorRoles.isDefault, true)))
    .get();
  if (!role) throw new ApiError(409, 'This site has no default tutor role; create one first');
  return role._id;
}

export async function assertTutorRole(tdb: TenantDb, id: string) {
  const role = await tdb.db
    .select({ _id: tutorRoles._id })
    .from(tutorRoles)
    .where(tdb.where(tutorRoles, eq(tutorRoles._id, id)))
    .get();
  if (!role) throw new ApiError(400, 'tutorRoleId: is not a tutor role of this site', [{ path: 'tutorRoleId', message: 'is not a tutor role of this site' }]);
}

/** A one-to-one course has one learner: a second enrolled student is refused. */
export async function assertSeatFree(tdb: TenantDb, course: CourseRow, exceptUserId?: string) {
  if (!course.isOneToOne) return;
  const taken = await tdb.db
    .select({ userId: courseStudents.userId })
    .from(courseStudents)
    .where(tdb.where(courseStudents, eq(courseStudents.courseId, course._id), eq(courseStudents.status, 'ENROLLED')))
    .get();
  if (taken && taken.userId !== exceptUserId) throw new ApiError(409, 'A one-to-one course already has its student');
}

export async function isEnrolmentTaken(tdb: TenantDb, table: typeof courseStudents | typeof courseTutors, courseId: string, userId: string) {
  return Boolean(
    await tdb.db
      .select({ _id: table._id })
      .from(table)
      .where(tdb.where(table, and(eq(table.courseId, courseId), eq(table.userId, userId))))
      .get(),
  );
}
