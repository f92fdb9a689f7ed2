import { integer, text } from 'drizzle-orm/sqlite-core';

export const newId = () => crypto.randomUUID().replaceAll('-', '');

/** Every record is addressed by `_id` on the wire and in the database, so rows serialise as they are. */
export const idColumn = () => text('_id').primaryKey().$defaultFn(newId);

export const timestamps = () => ({
  createdAt: integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .$defaultFn(() => new Date()),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date()),
});

/** Tenant-owned tables take this column; worker/lib/tenant-db.ts refuses tables without it. */
export const tenantColumn = () => text('tenant_id').notNull();
