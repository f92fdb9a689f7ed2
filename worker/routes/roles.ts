import { and, count, desc, eq, inArray, isNull, ne, notExists } from 'drizzle-orm';
import { Hono } from 'hono';
import { type Role, roleInput, roleListQuery, type VerifyDelete } from '../../schema/contracts/roles';
import { roles, users } from '../../schema/tables';
import type { AppBindings } from '../env';
import { changedFields } from '../lib/changes';
import { taken, uniqueWrite } from '../lib/unique';
import { assertMayHandOut } from '../lib/admin-role-grants';
import { paged, sortBy } from '../lib/pagination';
import { contains } from '../lib/search';
import { type TenantDb, tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { ApiError } from '../../platform/errors';
import { requirePermission, requirePermissions } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const can = (...actions: string[]) => [requireAuth, requirePermission('roles', actions)] as const;

const sortable = { name: roles.name, status: roles.status, createdAt: roles.createdAt, updatedAt: roles.updatedAt };

type RoleRow = typeof roles.$inferSelect;

const toRole = ({ tenantId: _tenant, ...row }: RoleRow, usersCount: number): Role => ({
  ...row,
  usersCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Live accounts holding each role. */
async function usersCounts(tdb: TenantDb, roleIds: string[]) {
  if (roleIds.length === 0) return new Map<string, number>();
  const rows = await tdb.db
    .select({ roleId: users.adminRoleId, n: count() })
    .from(users)
    .where(tdb.where(users, inArray(users.adminRoleId, roleIds), isNull(users.deletedAt)))
    .groupBy(users.adminRoleId)
    .all();
  return new Map(rows.map((row) => [row.roleId ?? '', row.n]));
}

async function findRole(tdb: TenantDb, id: string) {
  const role = await tdb.db.select().from(roles).where(tdb.where(roles, eq(roles._id, id))).get();
  if (!role) throw new ApiError(404, 'Role not found');
  return role;
}

const nameTaken = () => taken('name', 'a role with this name already exists');

async function verifyDelete(tdb: TenantDb, role: RoleRow): Promise<VerifyDelete> {
  const usersCount = (await usersCounts(tdb, [role._id])).get(role._id) ?? 0;
  if (role.isSystem) return { canDelete: false, usersCount, message: 'The built-in Admin role cannot be deleted.' };
  if (usersCount > 0) {
    const people = usersCount === 1 ? '1 user' : `${usersCount} users`;
    return { canDelete: false, usersCount, message: `This role is assigned to ${people}. Give them another role first.` };
  }
  return { canDelete: true, usersCount, message: 'This role is not in use and can be deleted.' };
}

export const roleRoutes = new Hono<AppBindings>()
  .get('/admin/roles', ...can('view'), validate('query', roleListQuery), async (c) => {
    const tdb = tenantDb(c);
    const query = c.req.valid('query');
    const where = tdb.where(
      roles,
      query.searchText ? contains(roles.name, query.searchText) : undefined,
      query.statuses?.length ? inArray(roles.status, query.statuses) : undefined,
    );
    const [rows, total] = await Promise.all([
      tdb.db.select().from(roles).where(where).orderBy(sortBy(query, sortable, desc(roles.isSystem)), roles.name, roles._id).limit(query.limit).offset(query.offset).all(),
      tdb.db.select({ n: count() }).from(roles).where(where).get(),
    ]);
    const counts = await usersCounts(
      tdb,
      rows.map((r) => r._id),
    );
    return c.json(paged(rows.map((row) => toRole(row, counts.get(row._id) ?? 0)), total?.n ?? 0, query));
  })
  // The new-admin form picks a role from here, so managing admin accounts is enough to read it.
  .get('/admin/roles/dropdown-list', requireAuth, requirePermissions({ roles: ['view'], adminUsers: ['create', 'edit'] }), async (c) => {
    const tdb = tenantDb(c);
    const rows = await tdb.db
      .select({ _id: roles._id, name: roles.name })
      .from(roles)
      .where(tdb.where(roles, eq(roles.status, 'ACTIVE')))
      .orderBy(roles.name)
      .all();
    return c.json(rows);
  })
  .get('/admin/roles/verify-delete/:id', ...can('delete'), async (c) => {
    const tdb = tenantDb(c);
    return c.json(await verifyDelete(tdb, await findRole(tdb, c.req.param('id'))));
  })
  .post('/admin/roles', ...can('create'), validate('json', roleInput), async (c) => {
    const tdb = tenantDb(c);
    const input = c.req.valid('json');
    await assertMayHandOut(tdb, authOf(c).userId, input.permissions, 'permissions');
    const insert = tdb.db.insert(roles).values(tdb.values(roles, { ...input, isSystem: false })).returning();
    const created = await uniqueWrite(() => insert.get(), nameTaken);
    return c.json(toRole(created, 0), 201);
  })
  .put('/admin/roles/:id', ...can('edit'), validate('json', roleInput), async (c) => {
    const tdb = tenantDb(c);
    const role = await findRole(tdb, c.req.param('id'));
    // The built-in role always holds everything, so a tenant can never lock itself out of its own admin area.
    if (role.isSystem) throw new ApiError(409, 'The built-in Admin role cannot be changed');
    const input = changedFields(role, c.req.valid('json'));
    if (Object.keys(input).length === 0) return c.json(toRole(role, (await usersCounts(tdb, [role._id])).get(role._id) ?? 0));
    if (input.permissions) await assertMayHandOut(tdb, authOf(c).userId, input.permissions, 'permissions');
    const update = tdb.db
      .update(roles)
      .set(input)
      .where(tdb.where(roles, eq(roles._id, role._id)))
      .returning();
    const updated = (await uniqueWrite(() => update.get(), nameTaken))!;
    const counts = await usersCounts(tdb, [role._id]);
    return c.json(toRole(updated, counts.get(role._id) ?? 0));
  })
  .delete('/admin/roles/:id', ...can('delete'), async (c) => {
    const tdb = tenantDb(c);
    const role = await findRole(tdb, c.req.param('id'));
    const check = await verifyDelete(tdb, role);
    if (!check.canDelete) throw new ApiError(409, check.message);
    // Checked again in the statement itself, so a role given to someone a moment ago is never deleted.
    const inUse = tdb.db.select({ _id: users._id }).from(users).where(and(eq(users.adminRoleId, roles._id), isNull(users.deletedAt)));
    const removed = await tdb.db
      .delete(roles)
      .where(tdb.where(roles, eq(roles._id, role._id), eq(roles.isSystem, false), notExists(inUse)))
      .returning({ _id: roles._id })
      .get();
    if (!removed) throw new ApiError(409, (await verifyDelete(tdb, role)).message);
    return c.json({ _id: role._id });
  });
