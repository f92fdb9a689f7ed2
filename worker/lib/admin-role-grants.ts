import { eq } from 'drizzle-orm';
import { ApiError, fieldError } from '../../platform/errors';
import { firstUnheldResource } from '../../schema/contracts/permissions';
import { roles } from '../../schema/tables';
import { adminPermissions } from './admin-permissions';
import type { TenantDb } from './tenant-db';

/**
 * Nobody hands out more than they hold: an admin may give (or manage an account holding) a role only if their
 * own role grants everything it does. Otherwise an Enterer could create a full Admin, or take one over.
 */
export async function assertMayHandOut(tdb: TenantDb, callerId: string, wanted: Record<string, string[]>, path: string) {
  const held = await adminPermissions(tdb.db, tdb.tenantId, callerId);
  const missing = firstUnheldResource(wanted, held);
  if (missing) throw new ApiError(403, `${path}: your own role does not grant ${missing}`, [{ path, message: `your own role does not grant ${missing}` }]);
}

/** The tenant role an admin account is given; another tenant's role id is simply unknown here. */
export async function tenantRole(tdb: TenantDb, roleId: string) {
  const role = await tdb.db
    .select()
    .from(roles)
    .where(tdb.where(roles, eq(roles._id, roleId)))
    .get();
  if (!role) throw fieldError('adminRoleId', 'is not a role of this organisation');
  return role;
}
