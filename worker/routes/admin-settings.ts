import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { effectivePermissions } from '../../schema/contracts/permissions';
import type { AdminSettingsPermissions } from '../../schema/contracts/roles';
import { roles, users } from '../../schema/tables';
import type { AppBindings } from '../env';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requireRole } from '../middleware/permissions';

export const adminSettingRoutes = new Hono<AppBindings>().get('/admin/settings/permissions', requireAuth, requireRole('ADMIN'), async (c) => {
  const tdb = tenantDb(c);
  const role = await tdb.db
    .select({ _id: roles._id, name: roles.name, status: roles.status, permissions: roles.permissions })
    .from(users)
    .innerJoin(roles, tdb.where(roles, eq(roles._id, users.adminRoleId)))
    .where(tdb.where(users, eq(users._id, authOf(c).userId)))
    .get();
  // An inactive role holds nothing, exactly as requirePermission sees it.
  const active = role?.status === 'ACTIVE' ? role : null;
  const body: AdminSettingsPermissions = {
    role: active ? { _id: active._id, name: active.name } : null,
    permissions: effectivePermissions(active?.permissions, c.get('tenant').permissions),
  };
  return c.json(body);
});
