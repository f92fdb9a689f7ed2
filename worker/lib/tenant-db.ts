import { and, eq, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { AppBindings, Db } from '../env';

/** Only tables that carry a tenant column fit here, so a global table cannot be queried as if it were scoped. */
export type TenantTable = SQLiteTable & { tenantId: SQLiteColumn };

/**
 * The tenant-scoped view of the database for one request. Every read goes through `where`, which always ANDs
 * the tenant condition, and every write through `values`, which stamps the tenant, so neither can be forgotten.
 */
export function tenantDb(c: { get<K extends keyof AppBindings['Variables']>(key: K): AppBindings['Variables'][K] }) {
  return scopedDb(c.get('db'), c.get('tenant')._id);
}

/** The same view for work outside a request (a scheduled job walks every tenant). */
export function scopedDb(db: Db, tenantId: string) {
  return {
    db,
    tenantId,
    where<T extends TenantTable>(table: T, ...conditions: (SQL | undefined)[]): SQL {
      return and(eq(table.tenantId, tenantId), ...conditions) as SQL;
    },
    values<T extends TenantTable>(_table: T, row: Omit<T['$inferInsert'], 'tenantId'>): T['$inferInsert'] {
      return { ...row, tenantId } as T['$inferInsert'];
    },
  };
}
export type TenantDb = ReturnType<typeof scopedDb>;
