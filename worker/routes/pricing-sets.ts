import { desc, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { idParam } from '../../schema/contracts/common';
import { pricingListQuery, pricingSetInput } from '../../schema/contracts/pricing';
import type { AppBindings } from '../env';
import { listPage, sortBy } from '../lib/pagination';
import { activeSetsIn, deleteSet, ensureDefaultGroup, findSet, type SetKind, saveSet, setTables, toSets, verifySetDelete } from '../lib/pricing/sets';
import { contains } from '../lib/search';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';

/** Groups (flag `groups`) and the two kinds of set the tutor rates name (flag `tutorRates`). */
function setRoutes(path: string, kind: SetKind, resource: string) {
  const table = setTables[kind];
  const can = (action: string) => [requireAuth, requirePermission(resource, [action])] as const;
  return new Hono<AppBindings>()
    .get(path, ...can('view'), validate('query', pricingListQuery), async (c) => {
      const tdb = tenantDb(c);
      if (kind === 'GROUP') await ensureDefaultGroup(tdb);
      const q = c.req.valid('query');
      const where = tdb.where(
        table,
        q.searchText ? contains(table.name, q.searchText) : undefined,
        q.statuses?.length ? inArray(table.status, q.statuses) : undefined,
      );
      const order = sortBy(q, { name: table.name, status: table.status, createdAt: table.createdAt, updatedAt: table.updatedAt }, desc(table.createdAt));
      return c.json(
        await listPage(tdb.db, table, where, q, async (page) =>
          toSets(tdb, await tdb.db.select().from(table).where(where).orderBy(order, desc(table._id)).limit(page.limit).offset(page.offset).all()),
        ),
      );
    })
    .get(`${path}/dropdown-list`, ...can('view'), async (c) => {
      const tdb = tenantDb(c);
      if (kind === 'GROUP') await ensureDefaultGroup(tdb);
      return c.json(await activeSetsIn(tdb, kind));
    })
    .get(`${path}/verify-delete/:id`, ...can('delete'), validate('param', idParam), async (c) =>
      c.json(await verifySetDelete(tenantDb(c), kind, c.req.valid('param').id)),
    )
    .get(`${path}/:id`, ...can('view'), validate('param', idParam), async (c) => {
      const tdb = tenantDb(c);
      const [set] = await toSets(tdb, [await findSet(tdb, kind, c.req.valid('param').id)]);
      return c.json(set);
    })
    .post(path, ...can('create'), validate('json', pricingSetInput), async (c) => c.json(await saveSet(tenantDb(c), authOf(c), kind, c.req.valid('json')), 201))
    .put(`${path}/:id`, ...can('edit'), validate('param', idParam), validate('json', pricingSetInput), async (c) =>
      c.json(await saveSet(tenantDb(c), authOf(c), kind, c.req.valid('json'), c.req.valid('param').id)),
    )
    .delete(`${path}/:id`, ...can('delete'), validate('param', idParam), async (c) => {
      const { id } = c.req.valid('param');
      await deleteSet(tenantDb(c), authOf(c), kind, id);
      return c.json({ _id: id });
    });
}

export const pricingSetRoutes = new Hono<AppBindings>()
  .route('/', setRoutes('/admin/groups', 'GROUP', 'groups'))
  .route('/', setRoutes('/admin/one-to-one-student-types', 'STUDENT_TYPE', 'tutorRates'))
  .route('/', setRoutes('/admin/group-tutor-rate-course-types', 'COURSE_TYPE', 'tutorRates'));
