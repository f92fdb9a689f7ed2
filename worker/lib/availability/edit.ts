import type { z } from 'zod';
import { ApiError, fieldError } from '../../../platform/errors';
import { adminOnlyAvailabilityStates, type availabilityInput } from '../../../schema/contracts/availability';
import { hasTenantPermission, type PermissionMap } from '../../../schema/contracts/permissions';
import type { Actor } from '../../env';
import { adminPermissions } from '../admin-permissions';
import type { TenantDb } from '../tenant-db';
import { replaceAvailability, tenantUser } from './store';

type Tutor = NonNullable<Awaited<ReturnType<typeof tenantUser>>>;

/** Whether the actor is an admin whose role (within what the tenant allows) may view or edit admin users. */
export async function adminMay(tdb: TenantDb, actor: Actor, tenantPermissions: PermissionMap, action: 'view' | 'edit') {
  if (actor.role !== 'ADMIN') return false;
  return hasTenantPermission(await adminPermissions(tdb.db, tdb.tenantId, actor.userId), tenantPermissions, { adminUsers: [action] });
}

const editsOwn = (actor: Actor, userId: string) => actor.userId === userId && actor.role === 'TUTOR';

/**
 * The gate of PUT /user-availability/{userId}, run before the body is read: the tutor themself, or an admin who may
 * edit admin users. Anyone else gets 403 whatever they sent; an unknown user is 404, a non-tutor target 404.
 */
export async function editableTutor(tdb: TenantDb, actor: Actor, tenantPermissions: PermissionMap, userId: string) {
  const target = await tenantUser(tdb, userId);
  if (!target) throw new ApiError(404, 'User not found');
  if (!editsOwn(actor, userId) && !(await adminMay(tdb, actor, tenantPermissions, 'edit'))) throw new ApiError(403, 'You do not have permission to do this');
  if (target.role !== 'TUTOR') throw new ApiError(404, 'Tutor not found');
  return target;
}

/** Replaces the tutor's availability; only an admin may move a tutor into an admin-only state. */
export async function saveAvailability(tdb: TenantDb, actor: Actor, tutor: Tutor, input: z.output<typeof availabilityInput>) {
  const newState = input.availabilityState && input.availabilityState !== tutor.availabilityState ? input.availabilityState : null;
  if (editsOwn(actor, tutor._id) && newState && adminOnlyAvailabilityStates.includes(newState)) {
    throw fieldError('availabilityState', 'can only be set by an admin');
  }
  await replaceAvailability(tdb, tutor._id, input);
}
