import { and, eq } from 'drizzle-orm';
import type { PermissionMap } from '../../schema/contracts/permissions';
import { roles, users } from '../../schema/tables';
import type { Db } from '../env';

/** The permission map of the admin's tenant role; an admin without a role holds nothing. */
export async function adminPermissions(db: Db, tenantId: string, userId: string): Promise<PermissionMap | null> {
  const row = await db
    .select({ permissions: roles.permissions, status: roles.status })
    .from(users)
    .innerJoin(roles, and(eq(roles._id, users.adminRoleId), eq(roles.tenantId, tenantId)))
    .where(and(eq(users._id, userId), eq(users.tenantId, tenantId)))
    .get();
  return row && row.status === 'ACTIVE' ? row.permissions : null;
}
