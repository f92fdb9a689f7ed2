import { eq, inArray, isNull } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { ApiError } from '../../../platform/errors';
import { hasPermission, hasTenantPermission, type PermissionMap, type Requirement } from '../../../schema/contracts/permissions';
import { coursePermissionTemplates, courseStudents, courses, courseTutors, sections, tenants, tutorRoles } from '../../../schema/tables';
import type { Actor, AuthState } from '../../env';
import { activeRolePermissions, adminRoleQuery } from '../admin-permissions';
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

/** A course by its id, or the course a lesson (section) belongs to, read in the same round trip as the rest. */
export type CourseRef = string | { sectionId: string };

/**
 * Loads a course of this tenant with the caller's relation to it. Anyone with no relation gets the same 404 as a
 * missing course, so course ids cannot be probed. Everything it needs (the course, the caller's tutor and student
 * rows, the course's permission template, an admin's role) is one D1 batch: every course route and every live room's
 * gate pays it.
 */
export async function courseAccess(tdb: TenantDb, tenantPermissions: PermissionMap, auth: AuthState, ref: CourseRef): Promise<CourseAccess> {
  const ofCourse = (column: SQLiteColumn) =>
    typeof ref === 'string'
      ? eq(column, ref)
      : inArray(
          column,
          tdb.db
            .select({ courseId: sections.courseId })
            .from(sections)
            .where(tdb.where(sections, eq(sections._id, ref.sectionId), isNull(sections.deletedAt))),
        );
  const asItself = auth.role === 'ADMIN' && auth.actingUserId === auth.userId;
  const [[course], [tutor], [student], [template], [role]] = await tdb.db.batch([
    tdb.db
      .select()
      .from(courses)
      .where(tdb.where(courses, ofCourse(courses._id), isNull(courses.deletedAt))),
    tdb.db
      .select({ type: courseTutors.type, roleByHand: courseTutors.tutorRoleByHand, rolePermissions: tutorRoles.permissions })
      .from(courseTutors)
      .innerJoin(tutorRoles, eq(tutorRoles._id, courseTutors.tutorRoleId))
      .where(tdb.where(courseTutors, ofCourse(courseTutors.courseId), eq(courseTutors.userId, auth.actingUserId), eq(courseTutors.status, 'ENABLE'))),
    tdb.db
      .select({ _id: courseStudents._id })
      .from(courseStudents)
      .where(tdb.where(courseStudents, ofCourse(courseStudents.courseId), eq(courseStudents.userId, auth.actingUserId), eq(courseStudents.status, 'ENROLLED'))),
    tdb.db
      .select({ permissions: coursePermissionTemplates.permissions })
      .from(coursePermissionTemplates)
      .innerJoin(courses, eq(courses.permissionTemplateId, coursePermissionTemplates._id))
      .where(tdb.where(coursePermissionTemplates, ofCourse(courses._id), eq(courses.tenantId, tdb.tenantId))),
    // An id no user has when the caller is not an admin acting as themselves: the batch keeps one shape.
    adminRoleQuery(tdb.db, tdb.tenantId, asItself ? auth.userId : ''),
  ]);
  if (!course) throw notFound();

  const roleMap = activeRolePermissions(role);
  const asAdmin = roleMap
    ? Object.fromEntries(
        Object.entries(roleMap)
          .map(([resource, actions]) => [resource, actions.filter((a) => hasTenantPermission(roleMap, tenantPermissions, { [resource]: [a] }))] as const)
          .filter(([, actions]) => actions.length > 0),
      )
    : null;
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
