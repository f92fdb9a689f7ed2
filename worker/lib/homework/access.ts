import { and, eq, inArray, isNull } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import { hasPermission, hasTenantPermission, type Requirement } from '../../../schema/contracts/permissions';
import { courseStudents, courses, homeworkSubmissions, sections, tenants, userMappers } from '../../../schema/tables';
import type { Actor } from '../../env';
import { adminPermissions } from '../admin-permissions';
import { courseAccessOf } from '../courses/access';
import type { TenantDb } from '../tenant-db';

/**
 * What the caller may do with a course's hand-ins. `students` is whose hand-ins they see: every student's (a tutor of
 * the course, an admin holding the submissions flag) or a list (a student their own, a parent their children's).
 */
export interface HandInAccess {
  courseId: string;
  students: 'all' | string[];
  /** The student themselves: a parent acting for them reads but does not hand in. */
  handsIn: boolean;
  marks: boolean;
  removes: boolean;
}

export const handInNotFound = () => new ApiError(404, 'Hand-in not found');
const homeworkNotFound = () => new ApiError(404, 'Homework not found');

async function adminGrants(tdb: TenantDb, actor: Actor) {
  if (actor.role !== 'ADMIN' || actor.actingUserId !== actor.userId) return null;
  const [role, tenant] = await Promise.all([
    adminPermissions(tdb.db, tdb.tenantId, actor.userId),
    tdb.db.select({ permissions: tenants.permissions }).from(tenants).where(eq(tenants._id, tdb.tenantId)).get(),
  ]);
  return (required: Requirement) => hasTenantPermission(role, tenant?.permissions, required);
}

/** Whether the admin's role and tenant grant the submissions action: the admin routes' check, for lib callers. */
export async function adminMaySubmissions(tdb: TenantDb, actor: Actor, action: 'view' | 'edit' | 'delete') {
  const grants = await adminGrants(tdb, actor);
  return Boolean(grants?.({ submissions: [action] }));
}

/** The caller's access to a course's hand-ins; anyone with none gets the same 404 as a missing course. */
export async function handInAccess(tdb: TenantDb, actor: Actor, courseId: string): Promise<HandInAccess> {
  const grants = await adminGrants(tdb, actor);
  if (grants) {
    if (!grants({ submissions: ['view'] })) throw new ApiError(404, 'Course not found');
    const course = await tdb.db
      .select({ _id: courses._id })
      .from(courses)
      .where(tdb.where(courses, eq(courses._id, courseId), isNull(courses.deletedAt)))
      .get();
    if (!course) throw new ApiError(404, 'Course not found');
    return { courseId, students: 'all', handsIn: false, marks: grants({ submissions: ['edit'] }), removes: grants({ submissions: ['delete'] }) };
  }
  if (actor.role === 'PARENT' && actor.actingUserId === actor.userId) {
    const children = await tdb.db
      .select({ studentId: courseStudents.userId })
      .from(courseStudents)
      .innerJoin(userMappers, and(eq(userMappers.studentId, courseStudents.userId), eq(userMappers.tenantId, courseStudents.tenantId)))
      .where(tdb.where(courseStudents, eq(courseStudents.courseId, courseId), eq(courseStudents.status, 'ENROLLED'), eq(userMappers.parentId, actor.userId)))
      .all();
    if (!children.length) throw new ApiError(404, 'Course not found');
    return { courseId, students: children.map((c) => c.studentId), handsIn: false, marks: false, removes: false };
  }
  const access = await courseAccessOf(tdb, actor, courseId);
  if (access.tutorPermissions)
    return { courseId, students: 'all', handsIn: false, marks: hasPermission(access.tutorPermissions, { RESOURCE: ['create'] }), removes: false };
  if (access.enrolled) return { courseId, students: [actor.actingUserId], handsIn: actor.role === 'STUDENT', marks: false, removes: false };
  throw new ApiError(404, 'Course not found');
}

export const seesStudent = (access: HandInAccess, studentId: string) => access.students === 'all' || access.students.includes(studentId);

/** A live homework and the caller's access to its course; a homework of a course they are not in is not found. */
export async function homeworkFor(tdb: TenantDb, actor: Actor, sectionId: string) {
  const homework = await tdb.db
    .select()
    .from(sections)
    .where(tdb.where(sections, eq(sections._id, sectionId), eq(sections.kind, 'HOMEWORK'), isNull(sections.deletedAt)))
    .get();
  if (!homework) throw homeworkNotFound();
  const access = await handInAccess(tdb, actor, homework.courseId).catch((error: unknown) => {
    throw error instanceof ApiError && error.status === 404 ? homeworkNotFound() : error;
  });
  // Students read active homework only, as in the course's tree.
  if (access.students !== 'all' && homework.status !== 'ACTIVE') throw homeworkNotFound();
  return { homework, access };
}

/** A hand-in the caller may see, with their access; someone else's answers exactly like a missing one. */
export async function visibleHandIn(tdb: TenantDb, actor: Actor, id: string) {
  const row = await tdb.db
    .select()
    .from(homeworkSubmissions)
    .where(tdb.where(homeworkSubmissions, eq(homeworkSubmissions._id, id)))
    .get();
  if (!row) throw handInNotFound();
  const access = await handInAccess(tdb, actor, row.courseId).catch((error: unknown) => {
    throw error instanceof ApiError && error.status === 404 ? handInNotFound() : error;
  });
  if (!seesStudent(access, row.studentId)) throw handInNotFound();
  return { row, access };
}

/** The student's own hand-in, for changing or withdrawing it: nobody else's, a parent's acting included. */
export async function ownHandIn(tdb: TenantDb, actor: Actor, id: string) {
  const found = await visibleHandIn(tdb, actor, id);
  if (!found.access.handsIn || found.row.studentId !== actor.actingUserId) throw handInNotFound();
  return found;
}

/** Students enrolled in the course, for the "not handed in" list. */
export async function enrolledStudentIds(tdb: TenantDb, courseId: string) {
  const rows = await tdb.db
    .select({ userId: courseStudents.userId })
    .from(courseStudents)
    .where(tdb.where(courseStudents, eq(courseStudents.courseId, courseId), eq(courseStudents.status, 'ENROLLED')))
    .all();
  return rows.map((r) => r.userId);
}

export const studentScope = (access: HandInAccess) =>
  access.students === 'all' ? undefined : inArray(homeworkSubmissions.studentId, access.students.length ? access.students : ['']);
