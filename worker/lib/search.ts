import { inArray, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

/**
 * `expr` contains `text`, ignoring ASCII case as LIKE does. instr() rather than LIKE because D1 refuses a LIKE
 * pattern over 50 bytes, and search texts may be 100 characters; instr also takes `%` and `_` literally.
 */
export function contains(expr: SQLiteColumn | SQL, text: string): SQL {
  return sql`instr(lower(${expr}), lower(${text})) > 0`;
}

/** `expr` starts with `prefix`, taken literally (LIKE would read an id's `_` as a wildcard and refuse over 50 bytes). */
export function startsWith(expr: SQLiteColumn | SQL, prefix: string): SQL {
  return sql`substr(${expr}, 1, ${prefix.length}) = ${prefix}`;
}

/** The filter of a list of named records: the name contains the search text, the status is one of those asked for. */
export const nameAndStatusFilter = (table: { name: SQLiteColumn; status: SQLiteColumn }, q: { searchText?: string; statuses?: string[] }) => [
  q.searchText ? contains(table.name, q.searchText) : undefined,
  q.statuses?.length ? inArray(table.status, q.statuses) : undefined,
];
