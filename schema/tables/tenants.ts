import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { StoredBranding } from '../contracts/branding';
import { idColumn, timestamps } from './columns';

export const tenants = sqliteTable('tenants', {
  _id: idColumn(),
  key: text('key').notNull().unique(),
  domain: text('domain').notNull().unique(),
  name: text('name').notNull(),
  /** The tenant's look, words and contacts; null until set, when worker/lib/branding gives the defaults. */
  branding: text('branding', { mode: 'json' }).$type<StoredBranding>(),
  permissions: text('permissions', { mode: 'json' }).$type<Record<string, string[]>>().notNull(),
  ...timestamps(),
});

export type Tenant = typeof tenants.$inferSelect;
