import { sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { idColumn, tenantColumn, timestamps } from './columns';

export const metaTags = sqliteTable(
  'meta_tags',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    path: text('path').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('meta_tags_tenant_path').on(t.tenantId, t.path)],
);
