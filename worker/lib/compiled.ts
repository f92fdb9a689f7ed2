import { is, Param, Placeholder, sql } from 'drizzle-orm';
import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import { newId } from '../../schema/tables/columns';
import type { Db } from '../env';
import { scopedDb, type TenantDb, type TenantTable } from './tenant-db';

/**
 * Statements whose SQL drizzle builds once per isolate, for the hottest routes (the webhook, the first call of every
 * page): building a statement's SQL was a quarter of the Worker's time under load, more than the queries themselves.
 * Each run binds its values to named placeholders.
 */

/** What drizzle's prepared D1 query holds; `stmt` is marked internal in its types, and a batch needs it as drizzle's own batch does. */
interface PreparedD1 {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(response: unknown, isFromBatch?: boolean): unknown;
  stmt: D1PreparedStatement;
}

/** A built statement and, per parameter, how to take its value from a run's values. */
interface Built {
  prepared: PreparedD1;
  fillers: ((values: Record<string, unknown>) => unknown)[];
}

/** One run of a compiled statement: its SQL built once, its values bound now. */
export interface Bound<R> {
  readonly built: Built;
  readonly values: Record<string, unknown>;
  /** Only carries the result's type. */
  readonly result?: R;
}

/** The D1 binding behind drizzle's database, which `drizzle()` exposes as `$client`. */
const clientOf = (db: Db) => (db as Db & { $client: D1Database }).$client;

type Buildable = BatchItem<'sqlite'> & { prepare(): unknown };
type Placeholders<K extends string> = { readonly [N in K]: Placeholder<N> };

/**
 * How a parameter takes its value, as drizzle's `fillPlaceholders` does (a value a column wraps gets the column's
 * encoding, a Date its milliseconds, and null stays null), worked out once instead of on every run; null for a value fixed when built.
 */
function fillerOf(param: unknown): Built['fillers'][number] | null {
  if (is(param, Placeholder)) return (values) => values[param.name];
  if (is(param, Param) && is(param.value, Placeholder)) {
    const { encoder, value } = param;
    return (values) => {
      const given = values[value.name];
      return given == null ? null : encoder.mapToDriverValue(given);
    };
  }
  return null;
}

/**
 * A statement built once per database binding, with a placeholder for each name, for reads of global tables (the
 * tenants, a session by its id). Every parameter must be a placeholder: a value drizzle filled in while building (a
 * column's generated `_id` or time, a constant, `new Date()`) would be the same in every run, so such a statement is
 * refused when first built; give those as placeholders too.
 */
export function compiledUnscoped<K extends string, Q extends Buildable>(names: readonly K[], build: (db: Db, p: Placeholders<K>) => Q) {
  const placeholders = Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as unknown as Placeholders<K>;
  const byBinding = new WeakMap<object, Built>();
  return (db: Db, values: { readonly [N in K]: unknown }): Bound<BatchResponse<[Q]>[0]> => {
    let built = byBinding.get(clientOf(db));
    if (!built) {
      const prepared = build(db, placeholders).prepare() as PreparedD1;
      const fillers = prepared.getQuery().params.map(fillerOf);
      if (fillers.includes(null)) throw new Error(`A compiled statement fixed a value when it was built: ${prepared.getQuery().sql}`);
      built = { prepared, fillers: fillers as Built['fillers'] };
      byBinding.set(clientOf(db), built);
    }
    return { built, values };
  };
}

/**
 * `compiledUnscoped` for a tenant's rows: `build` gets a tenant view whose `where` and `values` scope by a placeholder
 * filled from the running request's tenant, so the scoping cannot be forgotten here either.
 */
export function compiled<K extends string, Q extends Buildable>(names: readonly K[], build: (tdb: TenantDb, p: Placeholders<K>) => Q) {
  const tenant = sql.placeholder('tenantId') as unknown as string;
  const run = compiledUnscoped([...names, 'tenantId'], (db, p) => build(scopedDb(db, tenant), p));
  return (tdb: TenantDb, values: { readonly [N in K]: unknown }) =>
    run(tdb.db, { ...values, tenantId: tdb.tenantId } as { readonly [N in K | 'tenantId']: unknown });
}

type StampedColumns = '_id' | 'tenantId' | 'createdAt' | 'updatedAt';

/**
 * A compiled insert of a row once (a row its unique key already holds is left as it is), given the named columns;
 * the id and times drizzle would generate are stamped on each run, as drizzle's own defaults would.
 */
export function compiledInsertOnce<T extends TenantTable, K extends Exclude<keyof T['$inferInsert'] & string, StampedColumns>>(
  table: T,
  columns: readonly K[],
) {
  const run = compiled([...columns, '_id', 'createdAt', 'updatedAt'], (tdb, p) =>
    tdb.db
      .insert(table)
      .values({ ...p, tenantId: tdb.tenantId } as never)
      .onConflictDoNothing(),
  );
  return (tdb: TenantDb, row: { readonly [N in K]: T['$inferInsert'][N] }) => {
    const now = new Date();
    return run(tdb, { ...row, _id: newId(), createdAt: now, updatedAt: now } as { readonly [N in K | '_id' | 'createdAt' | 'updatedAt']: unknown });
  };
}

export type Runnable = BatchItem<'sqlite'> | Bound<unknown>;
type ResultOf<T> = T extends Bound<infer R> ? R : T extends BatchItem<'sqlite'> ? BatchResponse<[T]>[0] : never;

const isBound = (item: Runnable): item is Bound<unknown> => 'built' in item;

/** Runs compiled statements and ordinary drizzle ones in one D1 batch (one round trip, one transaction), as `db.batch` does. */
export async function runBatch<T extends readonly [Runnable, ...Runnable[]]>(db: Db, items: T): Promise<{ -readonly [I in keyof T]: ResultOf<T[I]> }> {
  const runs = items.map((item) => {
    if (isBound(item)) {
      const { prepared, fillers } = item.built;
      return { prepared, statement: prepared.stmt.bind(...fillers.map((filler) => filler(item.values))) };
    }
    const prepared = (item as unknown as { _prepare(): PreparedD1 })._prepare();
    const query = prepared.getQuery();
    return {
      prepared,
      statement: clientOf(db)
        .prepare(query.sql)
        .bind(...query.params),
    };
  });
  const results = await clientOf(db).batch(runs.map((run) => run.statement));
  return results.map((result: unknown, i: number) => runs[i]!.prepared.mapResult(result, true)) as { -readonly [I in keyof T]: ResultOf<T[I]> };
}
