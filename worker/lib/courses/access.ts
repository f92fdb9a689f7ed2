import { eq, isNull } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import { hasPermission, hasTenantPermission, type PermissionMap, type Requirement } from '../../../schema/contracts/permissions';
import { coursePermissionTemplates, courseStudents, courses, courseTutors, tenants, tutorRoles } from '../../../schema/tables';
import type { Actor, AuthState } from '../../env';
import { adminPermissions } from '../admin-permissions';
import type { TenantDb } from '../tenant-db';
import { courseTutorPermissions } from './tutor-permissions';

export type Course = typeof courses.$inferSelect;

/** How the acting user relates to a course: an admin, an enabled course tutor (with their role's map), a student. */
export interface CourseAccess {
  course: Course;
  /** The admin's role map, kept only where the tenant grants the same (a tenant-level check needs both). */
  asAdmin: PermissionMap | null;
  tutorPermissions: PermissionMap | null;
  enrolled: boolean;
}

const notFound = () => new ApiError(404, 'Course not found');

/**
 * Loads a course of this tenant with the caller's relation to it. Anyone with no relation gets the same 404 as a
 * missing course, so course ids cannot be probed.
 */
export async function courseAccess(tdb: TenantDb, tenantPermissions: PermissionMap, auth: AuthState, courseId: string): Promise<CourseAccess> {
  // The course and the caller's places in it in one round trip: every course route and every live room's gate pays it.
  const [[course], [tutor], [student]] = await tdb.db.batch([
    tdb.db
      .select()
      .from(courses)
      .where(tdb.where(courses, eq(courses._id, courseId), isNull(courses.deletedAt))),
    tdb.db
      .select({ type: courseTutors.type, roleByHand: courseTutors.tutorRoleByHand, rolePermissions: tutorRoles.permissions })
      .from(courseTutors)
      .innerJoin(tutorRoles, eq(tutorRoles._id, courseTutors.tutorRoleId))
      .where(tdb.where(courseTutors, eq(courseTutors.courseId, courseId), eq(courseTutors.userId, auth.actingUserId), eq(courseTutors.status, 'ENABLE'))),
    tdb.db
      .select({ _id: courseStudents._id })
      .from(courseStudents)
      .where(
        tdb.where(courseStudents, eq(courseStudents.courseId, courseId), eq(courseStudents.userId, auth.actingUserId), eq(courseStudents.status, 'ENROLLED')),
      ),
  ]);
  if (!course) throw notFound();

  const roleMap = auth.role === 'ADMIN' && auth.actingUserId === auth.userId ? await adminPermissions(tdb.db, tdb.tenantId, auth.userId) : null;
  const asAdmin = roleMap
    ? Object.fromEntries(
        Object.entries(roleMap)
          .map(([resource, actions]) => [resource, actions.filter((a) => hasTenantPermission(roleMap, tenantPermissions, { [resource]: [a] }))] as const)
          .filter(([, actions]) => actions.length > 0),
      )
    : null;
  const template =
    tutor && !tutor.roleByHand && course.permissionTemplateId
      ? await tdb.db
          .select({ permissions: coursePermissionTemplates.permissions })
          .from(coursePermissionTemplates)
          .where(tdb.where(coursePermissionTemplates, eq(coursePermissionTemplates._id, course.permissionTemplateId)))
          .get()
      : undefined;
  const access = {
    course,
    asAdmin,
    tutorPermissions: tutor ? courseTutorPermissions(tutor, template?.permissions ?? null).permissions : null,
    enrolled: Boolean(student),
  };
  if (!isMember(access)) throw notFound();
  return access;
}

/** As courseAccess, reading the tenant's grants itself: a lib operation has the tenant's id, not its request. */
export async function courseAccessOf(tdb: TenantDb, actor: Actor, courseId: string): Promise<CourseAccess> {
  const tenant = await tdb.db.select({ permissions: tenants.permissions }).from(tenants).where(eq(tenants._id, tdb.tenantId)).get();
  return courseAccess(tdb, tenant?.permissions ?? {}, actor, courseId);
}

export const isMember = (access: Omit<CourseAccess, 'course'>) =>
  Boolean(access.enrolled || access.tutorPermissions || hasPermission(access.asAdmin, { adminCourse: ['view'] }));

/**
 * The course-tutor-role check (spec 1 section 6): a tutor passes with their course role's map; an admin passes with
 * the admin-course permission. Students and members without the action get 403.
 */
export function requireCourseAction(access: CourseAccess, required: Requirement, adminAction: 'view' | 'create' | 'edit' | 'delete') {
  if (hasPermission(access.asAdmin, { adminCourse: [adminAction] })) return;
  if (hasPermission(access.tutorPermissions, required)) return;
  throw new ApiError(
    403,
    `Your course role does not allow this (${Object.entries(required)
      .map(([r, a]) => `${r}: ${a.join(' or ')}`)
      .join('; ')})`,
  );
}
