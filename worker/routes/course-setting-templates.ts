import { asc, count, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import {
  coursePermissionTemplateInput,
  coursePricingTemplateInput,
  settingTemplateListQuery,
  type SettingTemplateVerifyDelete,
} from '../../schema/contracts/course-templates';
import { coursePermissionTemplates, coursePricingTemplates, courses } from '../../schema/tables';
import type { AppBindings } from '../env';
import { paged, sortBy } from '../lib/pagination';
import { contains } from '../lib/search';
import { type TenantDb, tenantDb } from '../lib/tenant-db';
import { requireAuth } from '../middleware/auth';
import { ApiError } from '../../platform/errors';
import { requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';

type Table = typeof coursePermissionTemplates | typeof coursePricingTemplates;

interface Kind<T extends Table> {
  path: string;
  label: string;
  table: T;
  input: z.ZodType<Omit<T['$inferInsert'], 'tenantId' | '_id' | 'createdAt' | 'updatedAt'>>;
  /** The course column that points at this kind of template, so one in use cannot be deleted. */
  usedBy: typeof courses.permissionTemplateId | typeof courses.pricingTemplateId;
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
function settingTemplateRoutes<T extends Table>(kind: Kind<T>) {
  const { table, path, label } = kind;
  const can = (...actions: string[]): [MiddlewareHandler<AppBindings>, MiddlewareHandler<AppBindings>] => [requireAuth, requirePermission(kind.permission, actions)];

  async function find(tdb: TenantDb, id: string) {
    const row = await tdb.db.select().from(table).where(tdb.where(table, eq(table._id, id))).get();
    if (!row) throw new ApiError(404, `${label} not found`);
    return row;
  }

  async function assertNameFree(tdb: TenantDb, name: string, exceptId?: string) {
    const taken = await tdb.db
      .select({ _id: table._id })
      .from(table)
      .where(tdb.where(table, eq(table.name, name), exceptId ? ne(table._id, exceptId) : undefined))
      .get();
    if (taken) throw new ApiError(409, `name: a ${label.toLowerCase()} with this name already exists`, [{ path: 'name', message: 'is already taken' }]);
  }

  async function verifyDelete(tdb: TenantDb, id: string): Promise<SettingTemplateVerifyDelete> {
    const used = await tdb.db
      .select({ n: count() })
      .from(courses)
      .where(tdb.where(courses, eq(kind.usedBy, id), isNull(courses.deletedAt)))
      .get();
    const coursesCount = used?.n ?? 0;
    return coursesCount > 0
      ? { canDelete: false, coursesCount, message: `This ${label.toLowerCase()} is used by ${coursesCount} course${coursesCount === 1 ? '' : 's'} and cannot be deleted.` }
      : { canDelete: true, coursesCount, message: `This ${label.toLowerCase()} is not used by any course and can be deleted.` };
  }

  const sortable = { name: table.name, status: table.status, createdAt: table.createdAt, updatedAt: table.updatedAt };

  return new Hono<AppBindings>()
    .get(`/admin/${path}`, ...can('view'), validate('query', settingTemplateListQuery), async (c) => {
      const tdb = tenantDb(c);
      const q = c.req.valid('query');
      const where = tdb.where(table, q.searchText ? contains(table.name, q.searchText) : undefined, q.statuses?.length ? inArray(table.status, q.statuses) : undefined);
      const [rows, total] = await Promise.all([
        tdb.db.select().from(table).where(where).orderBy(sortBy(q, sortable, desc(table.createdAt)), desc(table._id)).limit(q.limit).offset(q.offset).all(),
        tdb.db.select({ n: count() }).from(table).where(where).get(),
      ]);
      return c.json(paged(rows.map(toRecord), total?.n ?? 0, q));
    })
    .get(`/admin/${path}/dropdown-list`, ...can('view'), async (c) => {
      const tdb = tenantDb(c);
      const rows = await tdb.db
        .select({ _id: table._id, name: table.name })
        .from(table)
        .where(tdb.where(table, eq(table.status, 'ACTIVE')))
        .orderBy(asc(table.name))
        .all();
      return c.json(rows);
    })
    .get(`/admin/${path}/verify-delete/:id`, ...can('delete'), async (c) => {
      const tdb = tenantDb(c);
      const row = await find(tdb, c.req.param('id'));
      return c.json(await verifyDelete(tdb, row._id));
    })
    .post(`/admin/${path}`, ...can('create'), validate('json', kind.input), async (c) => {
      const tdb = tenantDb(c);
      const input = c.req.valid('json') as T['$inferInsert'];
      await assertNameFree(tdb, input.name);
      const created = await tdb.db.insert(table).values(tdb.values(table, input)).returning().get();
      return c.json(toRecord(created as T['$inferSelect']), 201);
    })
    .put(`/admin/${path}/:id`, ...can('edit'), validate('json', kind.input), async (c) => {
      const tdb = tenantDb(c);
      const row = await find(tdb, c.req.param('id'));
      const input = c.req.valid('json') as T['$inferInsert'];
      await assertNameFree(tdb, input.name, row._id);
      const updated = await tdb.db.update(table).set(input as Parameters<ReturnType<typeof tdb.db.update<T>>['set']>[0]).where(tdb.where(table, eq(table._id, row._id))).returning().get();
      return c.json(toRecord(updated as T['$inferSelect']));
    })
    .delete(`/admin/${path}/:id`, ...can('delete'), async (c) => {
      const tdb = tenantDb(c);
      const row = await find(tdb, c.req.param('id'));
      const check = await verifyDelete(tdb, row._id);
      if (!check.canDelete) throw new ApiError(409, check.message);
      await tdb.db.delete(table).where(tdb.where(table, eq(table._id, row._id)));
      return c.json({ _id: row._id });
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
