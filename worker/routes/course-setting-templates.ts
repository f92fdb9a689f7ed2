import { asc, desc, eq } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { idParam } from '../../schema/contracts/common';
import { coursePermissionTemplateInput, coursePricingTemplateInput, settingTemplateListQuery } from '../../schema/contracts/course-templates';
import { coursePermissionTemplates, coursePricingTemplates, courses } from '../../schema/tables';
import type { AppBindings } from '../env';
import { type SettingKind, type SettingTable, settingTemplates } from '../lib/courses/setting-templates';
import { listPage, paged, sortBy } from '../lib/pagination';
import { nameAndStatusFilter } from '../lib/search';
import { tenantDb } from '../lib/tenant-db';
import { requireAuth } from '../middleware/auth';
import { requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';

interface Kind<T extends SettingTable> extends SettingKind<T> {
  path: string;
  input: z.ZodType<Omit<T['$inferInsert'], 'tenantId' | '_id' | 'createdAt' | 'updatedAt'>>;
  permission: string;
}

const toRecord = <R extends { tenantId: string; createdAt: Date; updatedAt: Date }>({ tenantId: _t, ...row }: R) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Course permission templates and course pricing templates share every call: list, dropdown, create, update,
 * verify-delete and delete. Only the table, body and guarding permission differ.
 */
function settingTemplateRoutes<T extends SettingTable>(kind: Kind<T>) {
  const { table, path } = kind;
  const can = (...actions: string[]): [MiddlewareHandler<AppBindings>, MiddlewareHandler<AppBindings>] => [
    requireAuth,
    requirePermission(kind.permission, actions),
  ];
  const store = settingTemplates(kind);
  const sortable = { name: table.name, status: table.status, createdAt: table.createdAt, updatedAt: table.updatedAt };

  return new Hono<AppBindings>()
    .get(`/admin/${path}`, ...can('view'), validate('query', settingTemplateListQuery), async (c) => {
      const tdb = tenantDb(c);
      const q = c.req.valid('query');
      const where = tdb.where(table, ...nameAndStatusFilter(table, q));
      const order = sortBy(q, sortable, desc(table.createdAt));
      const page = await listPage(tdb.db, table, where, q, (p) =>
        tdb.db.select().from(table).where(where).orderBy(order, desc(table._id)).limit(p.limit).offset(p.offset).all(),
      );
      return c.json(paged(page.docs.map(toRecord), page.totalDocs, q));
    })
    .get(`/admin/${path}/dropdown-list`, ...can('view'), async (c) => {
      const tdb = tenantDb(c);
      // Whole records, so the course form can show a pricing template's price before the course is saved.
      const rows = await tdb.db
        .select()
        .from(table)
        .where(tdb.where(table, eq(table.status, 'ACTIVE')))
        .orderBy(asc(table.name))
        .all();
      return c.json(rows.map(toRecord));
    })
    .get(`/admin/${path}/verify-delete/:id`, ...can('delete'), validate('param', idParam), async (c) => {
      const tdb = tenantDb(c);
      const row = await store.find(tdb, c.req.valid('param').id);
      return c.json(await store.verifyDelete(tdb, row._id));
    })
    .post(`/admin/${path}`, ...can('create'), validate('json', kind.input), async (c) =>
      c.json(toRecord(await store.create(tenantDb(c), c.req.valid('json') as T['$inferInsert'])), 201),
    )
    .put(`/admin/${path}/:id`, ...can('edit'), validate('param', idParam), validate('json', kind.input), async (c) => {
      const tdb = tenantDb(c);
      const row = await store.find(tdb, c.req.valid('param').id);
      return c.json(toRecord(await store.update(tdb, row, c.req.valid('json') as T['$inferInsert'])));
    })
    .delete(`/admin/${path}/:id`, ...can('delete'), validate('param', idParam), async (c) => {
      const tdb = tenantDb(c);
      return c.json(await store.remove(tdb, await store.find(tdb, c.req.valid('param').id)));
    });
}

export const courseSettingTemplateRoutes = new Hono<AppBindings>()
  .route(
    '/',
    settingTemplateRoutes({
      path: 'course-permission-templates',
      label: 'Course permission template',
      table: coursePermissionTemplates,
      input: coursePermissionTemplateInput,
      usedBy: courses.permissionTemplateId,
      permission: 'adminCourse',
    }),
  )
  .route(
    '/',
    settingTemplateRoutes({
      path: 'course-pricing-templates',
      label: 'Course pricing template',
      table: coursePricingTemplates,
      input: coursePricingTemplateInput,
      usedBy: courses.pricingTemplateId,
      permission: 'pricingTemplates',
    }),
  );
