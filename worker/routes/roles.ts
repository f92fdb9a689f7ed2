import { desc, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { idParam } from '../../schema/contracts/common';
import { roleInput, roleListQuery } from '../../schema/contracts/roles';
import { roles } from '../../schema/tables';
import type { AppBindings } from '../env';
import { listPage, sortBy } from '../lib/pagination';
import { createRole, deleteRole, findRole, toRole, updateRole, usersCountOf, usersCounts, verifyDelete } from '../lib/roles';
import { contains } from '../lib/search';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requirePermission, requirePermissions } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const can = (...actions: string[]) => [requireAuth, requirePermission('roles', actions)] as const;

const sortable = { name: roles.name, status: roles.status, createdAt: roles.createdAt, updatedAt: roles.updatedAt };

export const roleRoutes = new Hono<AppBindings>()
  .get('/admin/roles', ...can('view'), validate('query', roleListQuery), async (c) => {
    const tdb = tenantDb(c);
    const query = c.req.valid('query');
    const where = tdb.where(
      roles,
      query.searchText ? contains(roles.name, query.searchText) : undefined,
      query.statuses?.length ? inArray(roles.status, query.statuses) : undefined,
    );
    const page = await listPage(tdb.db, roles, where, query, ({ limit, offset }) =>
      tdb.db
        .select()
        .from(roles)
        .where(where)
        .orderBy(sortBy(query, sortable, desc(roles.isSystem)), roles.name, roles._id)
        .limit(limit)
        .offset(offset)
        .all(),
    );
    const counts = await usersCounts(
      tdb,
      page.docs.map((r) => r._id),
    );
    return c.json({ ...page, docs: page.docs.map((row) => toRole(row, counts.get(row._id) ?? 0)) });
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
  .get('/admin/roles/verify-delete/:id', ...can('delete'), validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    return c.json(await verifyDelete(tdb, await findRole(tdb, c.req.valid('param').id)));
  })
  .post('/admin/roles', ...can('create'), validate('json', roleInput), async (c) => {
    return c.json(toRole(await createRole(tenantDb(c), authOf(c), c.req.valid('json')), 0), 201);
  })
  .put('/admin/roles/:id', ...can('edit'), validate('param', idParam), validate('json', roleInput), async (c) => {
    const tdb = tenantDb(c);
    const updated = await updateRole(tdb, authOf(c), await findRole(tdb, c.req.valid('param').id), c.req.valid('json'));
    return c.json(toRole(updated, await usersCountOf(tdb, updated)));
  })
  .delete('/admin/roles/:id', ...can('delete'), validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    const role = await findRole(tdb, c.req.valid('param').id);
    await deleteRole(tdb, authOf(c), role);
    return c.json({ _id: role._id });
  });
