import { count, eq, isNull, ne } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import type { SettingTemplateVerifyDelete } from '../../../schema/contracts/course-templates';
import { coursePermissionTemplates, coursePricingTemplates, courses } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';

export type SettingTable = typeof coursePermissionTemplates | typeof coursePricingTemplates;

export interface SettingKind<T extends SettingTable> {
  label: string;
  table: T;
  /** The course column that points at this kind of template, so one in use cannot be deleted. */
  usedBy: typeof courses.permissionTemplateId | typeof courses.pricingTemplateId;
}

/**
 * The rules and writes of course permission templates and course pricing templates, which differ only in their
 * table: names are unique per tenant, and a template a live course uses cannot be deleted.
 */
export function settingTemplates<T extends SettingTable>(kind: SettingKind<T>) {
  const { table, label } = kind;

  async function find(tdb: TenantDb, id: string) {
    const row = await tdb.db
      .select()
      .from(table)
      .where(tdb.where(table, eq(table._id, id)))
      .get();
    if (!row) throw new ApiError(404, `${label} not found`);
    return row as T['$inferSelect'];
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
      ? {
          canDelete: false,
          coursesCount,
          message: `This ${label.toLowerCase()} is used by ${coursesCount} course${coursesCount === 1 ? '' : 's'} and cannot be deleted.`,
        }
      : { canDelete: true, coursesCount, message: `This ${label.toLowerCase()} is not used by any course and can be deleted.` };
  }

  async function create(tdb: TenantDb, input: T['$inferInsert']) {
    await assertNameFree(tdb, input.name);
    return (await tdb.db.insert(table).values(tdb.values(table, input)).returning().get()) as T['$inferSelect'];
  }

  async function update(tdb: TenantDb, row: T['$inferSelect'], input: T['$inferInsert']) {
    await assertNameFree(tdb, input.name, row._id);
    const updated = await tdb.db
      .update(table)
      .set(input as Parameters<ReturnType<typeof tdb.db.update<T>>['set']>[0])
      .where(tdb.where(table, eq(table._id, row._id)))
      .returning()
      .get();
    return updated as T['$inferSelect'];
  }

  async function remove(tdb: TenantDb, row: T['$inferSelect']) {
    const check = await verifyDelete(tdb, row._id);
    if (!check.canDelete) throw new ApiError(409, check.message);
    await tdb.db.delete(table).where(tdb.where(table, eq(table._id, row._id)));
    return { _id: row._id };
  }

  return { find, verifyDelete, create, update, remove };
}
