import { createMiddleware } from 'hono/factory';
import { ApiError } from '../../platform/errors';
import type { AppBindings } from '../env';
import { ADMIN_PROGRESS, MY_PERFORMANCE } from '../lib/progress/access';
import { authOf } from './auth';
import { requirePermissions, requireTenantGrant } from './permissions';

/** The "my performance" area as a whole: a site whose tenant does not grant it shows nobody any progress. */
export const requireProgressArea = requireTenantGrant(MY_PERFORMANCE, 'Progress is not available on this site');

/**
 * Mount after requireAuth: progress is read by students, parents and tutors (each then limited to their own
 * learners, answering 404 for any other) and by admins whose role grants "my performance".
 */
export const requireProgressReader = createMiddleware<AppBindings>(async (c, next) => {
  const { role } = authOf(c);
  if (role === 'STUDENT' || role === 'PARENT' || role === 'TUTOR') return next();
  if (role === 'ADMIN') return requirePermissions(ADMIN_PROGRESS)(c, next);
  throw new ApiError(403, 'You do not have permission to do this');
});
