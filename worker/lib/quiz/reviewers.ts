import { and, asc, eq, isNull } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { hasTenantPermission, type Requirement } from '../../../schema/contracts/permissions';
import { courseStudents, courseTutors, courses, users } from '../../../schema/tables';
import type { AppBindings } from '../../env';
import { authOf } from '../../middleware/auth';
import { ApiError } from '../../../platform/errors';
import { adminPermissions, requirePermission } from '../../middleware/permissions';
import type { TenantDb } from '../tenant-db';

type Ctx = { get(key: 'auth'): AppBindings['Variables']['auth']; get(key: 'tenant'): AppBindings['Variables']['tenant'] };

/**
 * Attempt review is for admins holding `submissions: view` and for tutors; a tutor's access is then checked per
 * learner (`mayReview`), so the route answers 404 for a learner the tutor does not teach.
 */
export const requireReviewer = createMiddleware<AppBindings>(async (c, next) => {
  if (authOf(c).role === 'TUTOR') return next();
  return requirePermission('submissions', ['view'])(c, next);
});

/** An enabled tutor of a course the learner is enrolled on. */
export async function teaches(tdb: TenantDb, tutorId: string, learnerId: string) {
  const shared = await tdb.db
    .select({ courseId: courseTutors.courseId })
    .from(courseTutors)
    .innerJoin(courseStudents, and(eq(courseStudents.courseId, courseTutors.courseId), eq(courseStudents.userId, learnerId), eq(courseStudents.status, 'ENROLLED')))
    .where(tdb.where(courseTutors, eq(courseTutors.userId, tutorId), eq(courseTutors.status, 'ENABLE')))
    .get();
  return Boolean(shared);
}

async function adminHolds(c: Ctx, tdb: TenantDb, userId: string, required: Requirement) {
  return hasTenantPermission(await adminPermissions(tdb.db, tdb.tenantId, userId), c.get('tenant').permissions, required);
}

/** Admins with the permission see every learner of the tenant; tutors only the learners they teach. */
async function mayActOn(c: Ctx, tdb: TenantDb, learnerId: string, required: Requirement) {
  const auth = authOf(c);
  if (auth.role === 'ADMIN') return adminHolds(c, tdb, auth.userId, required);
  if (auth.role !== 'TUTOR') return false;
  return teaches(tdb, auth.userId, learnerId);
}

/** Answers 404 (as if the attempt were not there) to anyone who may not see this learner's attempts. */
export async function assertReviewer(c: Ctx, tdb: TenantDb, learnerId: string) {
  if (!(await mayActOn(c, tdb, learnerId, { submissions: ['view'] }))) throw new ApiError(404, 'Submission not found');
}

export const mayMark = (c: Ctx, tdb: TenantDb, learnerId: string) => mayActOn(c, tdb, learnerId, { submissions: ['manualAnswer'] });

/** The learner's name for the review screens; another tenant's or a missing user is a 404. */
export async function learnerName(tdb: TenantDb, learnerId: string) {
  const row = await tdb.db
    .select({ _id: users._id, firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .where(tdb.where(users, eq(users._id, learnerId)))
    .get();
  if (!row) throw new ApiError(404, 'Submission not found');
  return row;
}

/** The enrolled students of a course, for its tutors (enabled) and for admins with `submissions: view`. */
export async function courseLearners(c: Ctx, tdb: TenantDb, courseId: string) {
  const auth = authOf(c);
  const course = await tdb.db.select({ _id: courses._id }).from(courses).where(tdb.where(courses, eq(courses._id, courseId), isNull(courses.deletedAt))).get();
  if (!course) throw new ApiError(404, 'Course not found');
  const allowed =
    auth.role === 'ADMIN'
      ? await adminHolds(c, tdb, auth.userId, { submissions: ['view'] })
      : Boolean(
          await tdb.db
            .select({ _id: courseTutors._id })
            .from(courseTutors)
            .where(tdb.where(courseTutors, eq(courseTutors.courseId, courseId), eq(courseTutors.userId, auth.userId), eq(courseTutors.status, 'ENABLE')))
            .get(),
        );
  if (!allowed) throw new ApiError(404, 'Course not found');
  return tdb.db
    .select({ _id: users._id, firstname: users.firstname, lastname: users.lastname })
    .from(courseStudents)
    .innerJoin(users, eq(users._id, courseStudents.userId))
    .where(tdb.where(courseStudents, eq(courseStudents.courseId, courseId), eq(courseStudents.status, 'ENROLLED'), eq(users.tenantId, tdb.tenantId)))
    .orderBy(asc(users.firstname), asc(users.lastname));
}
