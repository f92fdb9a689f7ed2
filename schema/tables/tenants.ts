import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { idColumn, timestamps } from './columns';

export const tenants = sqliteTable('tenants', {
  _id: idColumn(),
  key: text('key').notNull().unique(),
  domain: text('domain').notNull().unique(),
  name: text('name').notNull(),
  theme: text('theme', { mode: 'json' }).$type<{ primary: string; primaryDark: string; logoText?: string }>().notNull(),
  permissions: text('permissions', { mode: 'json' }).$type<Record<string, string[]>>().notNull(),
  ...timestamps(),
});

export type Tenant = typeof tenants.$inferSelect;
