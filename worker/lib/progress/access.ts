import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import { hasTenantPermission, type PermissionMap, type Requirement } from '../../../schema/contracts/permissions';
import type { LearnerRef } from '../../../schema/contracts/quiz';
import { courseStudents, courseTutors, userMappers, users } from '../../../schema/tables';
import type { Actor } from '../../env';
import { adminPermissions } from '../admin-permissions';
import { isLinkedChild } from '../family-links';
import { teaches } from '../quiz/reviewers';
import type { TenantDb } from '../tenant-db';

/** Who reads progress: the caller, and what their tenant grants at all (an admin's role is capped by it). */
export interface ProgressViewer {
  actor: Actor;
  tenantPermissions: PermissionMap;
}

/** The site's switch for the whole progress area. */
export const MY_PERFORMANCE: Requirement = { myPerformance: ['view'] };
/** An admin's role may grant reading learners' progress by "my performance" or by the `resources: progress` flag (spec 3 §6). */
export const ADMIN_PROGRESS: Requirement = { myPerformance: ['view'], resources: ['progress'] };

const NOT_FOUND = 'Progress not found';

/** An admin whose role and tenant grant "my performance": the route's gate for admins, before any record is read. */
export async function adminMayReadProgress(tdb: TenantDb, viewer: ProgressViewer) {
  return hasTenantPermission(await adminPermissions(tdb.db, tdb.tenantId, viewer.actor.userId), viewer.tenantPermissions, ADMIN_PROGRESS);
}

async function mayRead(tdb: TenantDb, viewer: ProgressViewer, learnerId: string) {
  const { actor } = viewer;
  if (actor.actingUserId === learnerId) return true;
  if (actor.role === 'PARENT') return isLinkedChild(tdb, actor.userId, learnerId);
  if (actor.role === 'TUTOR') return teaches(tdb, actor.userId, learnerId);
  if (actor.role === 'ADMIN') return adminMayReadProgress(tdb, viewer);
  return false;
}

/**
 * The learner whose progress is asked for: the caller themselves (or the child a parent acts for), a parent's own
 * child, a student the tutor teaches, or any student for an admin holding "my performance". Anyone else, and anyone
 * who is not a student of this tenant, gets 404, as if there were no such learner.
 */
export async function readableLearner(tdb: TenantDb, viewer: ProgressViewer, learnerId: string): Promise<LearnerRef> {
  const learner = await tdb.db
    .select({ _id: users._id, firstname: users.firstname, lastname: users.lastname, role: users.role })
    .from(users)
    .where(tdb.where(users, eq(users._id, learnerId), isNull(users.deletedAt)))
    .get();
  if (!learner || learner.role !== 'STUDENT' || !(await mayRead(tdb, viewer, learnerId))) throw new ApiError(404, NOT_FOUND);
  return { _id: learner._id, firstname: learner.firstname, lastname: learner.lastname };
}

/**
 * A learner's progress, computed while the learner and the caller's right to read them are checked: both reads go to
 * D1 at once instead of one after the other, and nothing is answered unless the check passes (a refusal is the same
 * 404 as `readableLearner`'s).
 */
export async function readableProgress<T extends { learner: LearnerRef }>(
  tdb: TenantDb,
  viewer: ProgressViewer,
  learnerId: string,
  compute: (learner: LearnerRef) => Promise<T | null>,
): Promise<T | null> {
  const [learner, doc] = await Promise.all([readableLearner(tdb, viewer, learnerId), compute({ _id: learnerId, firstname: '', lastname: '' })]);
  return doc && { ...doc, learner };
}

/** The learner a save is for: a student, or the student a parent acts for; progress is theirs to arrange. */
export async function savingLearner(tdb: TenantDb, actor: Actor) {
  const learner = await tdb.db
    .select({ _id: users._id, role: users.role })
    .from(users)
    .where(tdb.where(users, eq(users._id, actor.actingUserId), isNull(users.deletedAt)))
    .get();
  if (!learner || learner.role !== 'STUDENT') throw new ApiError(403, 'Progress is saved by students: sign in as a student, or act for your child');
  return learner._id;
}

const learnerColumns = { _id: users._id, firstname: users.firstname, lastname: users.lastname };

/**
 * The learners whose progress the caller follows: a student themselves, a parent's linked children, the students
 * enrolled on a tutor's enabled courses; sorted by name.
 */
export async function followedLearners(tdb: TenantDb, actor: Actor): Promise<LearnerRef[]> {
  const students = and(eq(users.role, 'STUDENT'), isNull(users.deletedAt), eq(users.tenantId, tdb.tenantId));
  if (actor.role === 'PARENT') {
    return tdb.db
      .select(learnerColumns)
      .from(userMappers)
      .innerJoin(users, eq(users._id, userMappers.studentId))
      .where(tdb.where(userMappers, eq(userMappers.parentId, actor.userId), students))
      .orderBy(asc(users.firstname), asc(users.lastname))
      .all();
  }
  if (actor.role === 'TUTOR') {
    const taught = tdb.db
      .select({ userId: courseStudents.userId })
      .from(courseTutors)
      .innerJoin(courseStudents, and(eq(courseStudents.courseId, courseTutors.courseId), eq(courseStudents.status, 'ENROLLED')))
      .where(tdb.where(courseTutors, eq(courseTutors.userId, actor.userId), eq(courseTutors.status, 'ENABLE')));
    return tdb.db
      .select(learnerColumns)
      .from(users)
      .where(and(inArray(users._id, taught), students))
      .orderBy(asc(users.firstname), asc(users.lastname))
      .all();
  }
  const self = await tdb.db
    .select(learnerColumns)
    .from(users)
    .where(and(eq(users._id, actor.actingUserId), students))
    .get();
  return self ? [self] : [];
}
