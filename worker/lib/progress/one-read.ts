import { Column, is, type SQL, sql } from 'drizzle-orm';
import type { TenantDb } from '../tenant-db';

/** A select of the query builder: what it selects, and (awaited) its rows. */
interface Read extends PromiseLike<unknown[]> {
  _: { selectedFields: Record<string, unknown> };
  getSQL(): SQL;
}

/** One read's rows as a JSON array of objects keyed as the builder's fields, so they can travel in one statement. */
function rowsAsJson(read: Read) {
  const pairs = Object.entries(read._.selectedFields).map(([key, field]) => {
    if (is(field, Column)) {
      const value = sql.identifier(field.name);
      return sql`${key}, ${field.columnType === 'SQLiteTextJson' ? sql`json(${value})` : value}`;
    }
    return sql`${key}, ${sql.identifier((field as SQL.Aliased).fieldAlias)}`;
  });
  return sql`(select coalesce(json_group_array(json_object(${sql.join(pairs, sql`, `)})), '[]') from (${read.getSQL()}))`;
}

/**
 * Several grouped reads as one statement answering one row, each read a JSON array in its own column. D1 charges a
 * batch per statement as well as per round trip, and progress is a handful of small reads: as one statement a
 * learner's progress costs one statement's overhead (bench/progress measures it). Every field must be a column or
 * an aliased expression, as a batch needs anyway.
 */
export async function oneRead<T extends Record<string, Read>>(tdb: TenantDb, reads: T): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const names = Object.keys(reads);
  const columns = names.map((name) => sql`${rowsAsJson(reads[name]!)} as ${sql.identifier(name)}`);
  const row = await tdb.db.get<Record<string, string>>(sql`select ${sql.join(columns, sql`, `)}`);
  return Object.fromEntries(names.map((name) => [name, JSON.parse(row?.[name] ?? '[]')])) as { [K in keyof T]: Awaited<T[K]> };
}
