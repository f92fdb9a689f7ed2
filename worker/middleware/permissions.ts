import { createMiddleware } from 'hono/factory';
import { ApiError } from '../../platform/errors';
import { hasPermission, hasTenantPermission, type Requirement } from '../../schema/contracts/permissions';
import type { RoleName } from '../../schema/tables';
import type { AppBindings } from '../env';
import { adminPermissions } from '../lib/admin-permissions';
import { authOf } from './auth';

/** Mount after requireAuth: lets the request through only for the given roles (checked on the signed-in user). */
export const requireRole = (...roles: RoleName[]) =>
  createMiddleware<AppBindings>(async (c, next) => {
    const auth = authOf(c);
    if (!roles.includes(auth.role as RoleName)) throw new ApiError(403, 'You do not have permission to do this');
    await next();
  });

/**
 * Who may arrange a course's lessons and materials at all, before the body names the course: its tutors and admins
 * (the course role or admin permission is checked once the body is read). A student gets 403 whatever they send.
 */
export const requireCourseStaff = createMiddleware<AppBindings>(async (c, next) => {
  const { role } = authOf(c);
  if (role !== 'TUTOR' && role !== 'ADMIN') throw new ApiError(403, 'Only tutors and admins can do this');
  await next();
});

/** Mount after requireAuth: refuses guest sessions, which may only browse and book a free trial. */
export const requireAccount = createMiddleware<AppBindings>(async (c, next) => {
  if (authOf(c).isGuest) throw new ApiError(403, 'Sign in to continue');
  await next();
});

/**
 * Mount after requireAuth: an admin whose tenant role and tenant both grant one of the actions on the resource
 * (the spec's check: any shared action passes). Non-admins never pass, whatever their map says.
 */
export const requirePermission = (resource: string, actions: string[]) => requirePermissions({ [resource]: actions });

/** As requirePermission, for a requirement spanning several resources: any one of them sharing an action passes. */
export const requirePermissions = (required: Requirement) =>
  createMiddleware<AppBindings>(async (c, next) => {
    const auth = authOf(c);
    if (auth.role !== 'ADMIN') throw new ApiError(403, 'You do not have permission to do this');
    const granted = await adminPermissions(c.get('db'), c.get('tenant')._id, auth.userId);
    if (!hasTenantPermission(granted, c.get('tenant').permissions, required)) {
      const wanted = Object.entries(required).map(([resource, actions]) => `${resource}: ${actions.join(' or ')}`);
      throw new ApiError(403, `You do not have permission to do this (${wanted.join('; ')})`);
    }
    await next();
  });

/**
 * The tenant itself must grant the requirement, whoever calls: a site may switch a whole area off for everyone (a
 * partner without billing has no balances, plans or payments to show its students and parents).
 */
export const requireTenantGrant = (required: Requirement, refusal: string) =>
  createMiddleware<AppBindings>(async (c, next) => {
    if (!hasPermission(c.get('tenant').permissions, required)) throw new ApiError(403, refusal);
    await next();
  });

/** Password and payment-method changes belong to the person alone: refused while an admin acts as them. */
export const refuseWhileImpersonating = createMiddleware<AppBindings>(async (c, next) => {
  if (authOf(c).impersonatorId) throw new ApiError(403, 'This cannot be changed while acting as another user');
  await next();
});
