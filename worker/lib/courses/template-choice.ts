import { eq } from 'drizzle-orm';
import { fieldError } from '../../../platform/errors';
import { coursePermissionTemplates, coursePricingTemplates } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';

const kinds = {
  permissionTemplateId: { table: coursePermissionTemplates, words: 'course permission template' },
  pricingTemplateId: { table: coursePricingTemplates, words: 'course pricing template' },
} as const;

type TemplateIds = { permissionTemplateId?: string | null; pricingTemplateId?: string | null };

/**
 * A course may be given only ACTIVE templates of its own tenant, so what it inherits from them is always there to read;
 * a template it already names may have been made inactive since, and keeping it is allowed.
 */
export async function assertSettingTemplates(tdb: TenantDb, input: TemplateIds, current: TemplateIds = {}) {
  for (const key of ['permissionTemplateId', 'pricingTemplateId'] as const) {
    const id = input[key];
    if (!id || id === current[key]) continue;
    const { table, words } = kinds[key];
    const row = await tdb.db
      .select({ status: table.status })
      .from(table)
      .where(tdb.where(table, eq(table._id, id)))
      .get();
    if (!row) throw fieldError(key, `is not a ${words} here`);
    if (row.status !== 'ACTIVE') throw fieldError(key, `names an inactive ${words}`);
  }
}
