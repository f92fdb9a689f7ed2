import { and, asc, eq, isNull } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import { hasTenantPermission, type PermissionMap, type Requirement } from '../../../schema/contracts/permissions';
import { courseStudents, courses, courseTutors, users } from '../../../schema/tables';
import type { Actor } from '../../env';
import { adminPermissions } from '../admin-permissions';
import { isLinkedChild } from '../family-links';
import type { TenantDb } from '../tenant-db';

/** Who reviews attempts: the caller, and the permissions their tenant grants at all (an admin's role is capped by them). */
export interface Reviewer {
  actor: Actor;
  tenantPermissions: PermissionMap;
}

export const REVIEW: Requirement = { submissions: ['view'] };
const VIEW = REVIEW;
export const MARK: Requirement = { submissions: ['manualAnswer'] };

/** An enabled tutor of a course the learner is enrolled on. */
export async function teaches(tdb: TenantDb, tutorId: string, learnerId: string) {
  const shared = await tdb.db
    .select({ courseId: courseTutors.courseId })
    .from(courseTutors)
    .innerJoin(
      courseStudents,
      and(eq(courseStudents.courseId, courseTutors.courseId), eq(courseStudents.userId, learnerId), eq(courseStudents.status, 'ENROLLED')),
    )
    .where(tdb.where(courseTutors, eq(courseTutors.userId, tutorId), eq(courseTutors.status, 'ENABLE')))
    .get();
  return Boolean(shared);
}

async function adminHolds(tdb: TenantDb, reviewer: Reviewer, required: Requirement) {
  return hasTenantPermission(await adminPermissions(tdb.db, tdb.tenantId, reviewer.actor.userId), reviewer.tenantPermissions, required);
}

/** The gate of the review calls, before any record is known: tutors (checked per learner afterwards) and admins holding `required`. */
export async function mayReviewAnyone(tdb: TenantDb, reviewer: Reviewer, required: Requirement) {
  if (reviewer.actor.role === 'TUTOR') return true;
  return reviewer.actor.role === 'ADMIN' && adminHolds(tdb, reviewer, required);
}

/** Admins with the permission see every learner of the tenant; tutors only the learners they teach. */
async function mayActOn(tdb: TenantDb, reviewer: Reviewer, learnerId: string, required: Requirement) {
  if (reviewer.actor.role === 'ADMIN') return adminHolds(tdb, reviewer, required);
  if (reviewer.actor.role !== 'TUTOR') return false;
  return teaches(tdb, reviewer.actor.userId, learnerId);
}

/** A parent reads their own linked children's attempts; reading is all, so a parent never changes a mark. */
const parentOf = (tdb: TenantDb, reviewer: Reviewer, learnerId: string) =>
  reviewer.actor.role === 'PARENT' && isLinkedChild(tdb, reviewer.actor.userId, learnerId);

/** Answers 404 (as if the attempt were not there) to anyone who may not see this learner's attempts. */
export async function assertReviewer(tdb: TenantDb, reviewer: Reviewer, learnerId: string) {
  if (!((await parentOf(tdb, reviewer, learnerId)) || (await mayActOn(tdb, reviewer, learnerId, VIEW)))) throw new ApiError(404, 'Submission not found');
}

export const mayMark = (tdb: TenantDb, reviewer: Reviewer, learnerId: string) => mayActOn(tdb, reviewer, learnerId, MARK);

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
export async function courseLearners(tdb: TenantDb, reviewer: Reviewer, courseId: string) {
  const course = await tdb.db
    .select({ _id: courses._id })
    .from(courses)
    .where(tdb.where(courses, eq(courses._id, courseId), isNull(courses.deletedAt)))
    .get();
  if (!course) throw new ApiError(404, 'Course not found');
  const { actor } = reviewer;
  const allowed =
    actor.role === 'ADMIN'
      ? await adminHolds(tdb, reviewer, VIEW)
      : Boolean(
          await tdb.db
            .select({ _id: courseTutors._id })
            .from(courseTutors)
            .where(tdb.where(courseTutors, eq(courseTutors.courseId, courseId), eq(courseTutors.userId, actor.userId), eq(courseTutors.status, 'ENABLE')))
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
