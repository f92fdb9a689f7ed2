import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../../platform/errors';
import type { AppBindings } from '../env';
import { learnerFor } from '../lib/quiz/learner';
import { MARK, mayReviewAnyone, REVIEW, type Reviewer } from '../lib/quiz/reviewers';
import { tenantDb } from '../lib/tenant-db';
import { authOf } from './auth';
import { requirePermission } from './permissions';

/** Mount after requireAuth: quiz taking is for a student or guest, or a parent acting for their student. */
export const requireLearner = createMiddleware<AppBindings>(async (c, next) => {
  await learnerFor(tenantDb(c), authOf(c));
  await next();
});

/**
 * Mount after requireAuth: attempt review is for admins holding `submissions: view`, for tutors and for parents; a
 * tutor's or parent's access is then checked per learner, so the route answers 404 for a learner the tutor does not
 * teach or who is not the parent's child.
 */
export const requireReviewer = createMiddleware<AppBindings>(async (c, next) => {
  const { role } = authOf(c);
  if (role === 'TUTOR' || role === 'PARENT') return next();
  return requirePermission('submissions', ['view'])(c, next);
});

/** Mount after requireAuth: changing a mark is for tutors and admins holding `submissions: manualAnswer`; to anyone else the attempt is not there. */
export const requireMarker = createMiddleware<AppBindings>(async (c, next) => {
  if (!(await mayReviewAnyone(tenantDb(c), reviewerOf(c), MARK))) throw new ApiError(404, 'Submission not found');
  await next();
});

/** Mount after requireAuth: the markers' lists are for tutors (their own students, checked after) and admins holding `submissions: view`. */
export const requireMarkingReader = createMiddleware<AppBindings>(async (c, next) => {
  if (!(await mayReviewAnyone(tenantDb(c), reviewerOf(c), REVIEW))) throw new ApiError(404, 'Submission not found');
  await next();
});

/**
 * Mount after requireAuth: AI marking outside an attempt is for learners, and for admins holding
 * `submissions: aiAnswer` (the flag for answers the helper produces at an admin's request).
 */
export const requireAiMarker = createMiddleware<AppBindings>(async (c, next) => {
  if (authOf(c).role === 'ADMIN') return requirePermission('submissions', ['aiAnswer'])(c, next);
  await learnerFor(tenantDb(c), authOf(c));
  await next();
});

export const reviewerOf = (c: Context<AppBindings>): Reviewer => ({ actor: authOf(c), tenantPermissions: c.get('tenant').permissions });
