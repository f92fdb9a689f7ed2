import { and, eq } from 'drizzle-orm';
import type { PermissionMap } from '../../schema/contracts/permissions';
import { roles, users } from '../../schema/tables';
import type { Db } from '../env';

/** The permission map of the admin's tenant role; an admin without a role holds nothing. */
export async function adminPermissions(db: Db, tenantId: string, userId: string): Promise<PermissionMap | null> {
  return activeRolePermissions(await adminRoleQuery(db, tenantId, userId).get());
}

/** The read behind `adminPermissions`, for a caller that batches it with its own reads. */
export const adminRoleQuery = (db: Db, tenantId: string, userId: string) =>
  db
    .select({ permissions: roles.permissions, status: roles.status })
    .from(users)
    .innerJoin(roles, and(eq(roles._id, users.adminRoleId), eq(roles.tenantId, tenantId)))
    .where(and(eq(users._id, userId), eq(users.tenantId, tenantId)));

export const activeRolePermissions = (row: { permissions: PermissionMap; status: string } | undefined) =>
  row && row.status === 'ACTIVE' ? row.permissions : null;
