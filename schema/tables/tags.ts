import { sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { idColumn, tenantColumn, timestamps } from './columns';

/** Labels an admin can filter content by (spec 3 §7 `tags/list`); names are unique per tenant. */
export const tags = sqliteTable(
  'tags',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    name: text('name').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('tags_tenant_name').on(t.tenantId, t.name)],
);
