import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { idParam, listQuery } from '../../schema/contracts/common';
import { tutorRoleInput } from '../../schema/contracts/roles';
import { tutorRoles } from '../../schema/tables';
import type { AppBindings } from '../env';
import { listPage } from '../lib/pagination';
import { tenantDb } from '../lib/tenant-db';
import { createTutorRole, deleteTutorRole, findTutorRole, toTutorRole, updateTutorRole, verifyDelete } from '../lib/tutor-roles';
import { authOf, requireAuth } from '../middleware/auth';
import { requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const can = (...actions: string[]) => [requireAuth, requirePermission('tutorRoles', actions)] as const;

export const tutorRoleRoutes = new Hono<AppBindings>()
  .get('/admin/tutor-roles', ...can('view'), validate('query', listQuery), async (c) => {
    const tdb = tenantDb(c);
    const query = c.req.valid('query');
    const where = tdb.where(tutorRoles);
    const page = await listPage(tdb.db, tutorRoles, where, query, ({ limit, offset }) =>
      tdb.db.select().from(tutorRoles).where(where).orderBy(desc(tutorRoles.isDefault), tutorRoles.name).limit(limit).offset(offset).all(),
    );
    return c.json({ ...page, docs: page.docs.map(toTutorRole) });
  })
  .get('/admin/tutor-roles/verify-delete/:id', ...can('delete'), validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    return c.json(await verifyDelete(tdb, await findTutorRole(tdb, c.req.valid('param').id)));
  })
  .post('/admin/tutor-roles', ...can('create'), validate('json', tutorRoleInput), async (c) => {
    return c.json(toTutorRole(await createTutorRole(tenantDb(c), authOf(c), c.req.valid('json'))), 201);
  })
  .put('/admin/tutor-roles/:id', ...can('edit'), validate('param', idParam), validate('json', tutorRoleInput), async (c) => {
    const tdb = tenantDb(c);
    return c.json(toTutorRole(await updateTutorRole(tdb, authOf(c), await findTutorRole(tdb, c.req.valid('param').id), c.req.valid('json'))));
  })
  .delete('/admin/tutor-roles/:id', ...can('delete'), validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    const role = await findTutorRole(tdb, c.req.valid('param').id);
    await deleteTutorRole(tdb, authOf(c), role);
    return c.json({ _id: role._id });
  });
