import { createMiddleware } from 'hono/factory';
import type { RoleName } from '../../schema/tables';
import type { AppBindings } from '../env';
import { authOf } from './auth';
import { ApiError } from './errors';

/** Mount after requireAuth: lets the request through only for the given roles (checked on the signed-in user). */
export const requireRole = (...roles: RoleName[]) =>
  createMiddleware<AppBindings>(async (c, next) => {
    const auth = authOf(c);
    if (!roles.includes(auth.role as RoleName)) throw new ApiError(403, 'You do not have permission to do this');
    await next();
  });

/** Mount after requireAuth: refuses guest sessions, which may only browse and book a free trial. */
export const requireAccount = createMiddleware<AppBindings>(async (c, next) => {
  if (authOf(c).isGuest) throw new ApiError(403, 'Sign in to continue');
  await next();
});
