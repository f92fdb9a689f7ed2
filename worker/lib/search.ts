import { type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

/** `expr LIKE %text%` with the caller's `%` and `_` taken literally (SQLite LIKE ignores ASCII case). */
export function contains(expr: SQLiteColumn | SQL, text: string): SQL {
  const escaped = text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  return sql`${expr} LIKE ${`%${escaped}%`} ESCAPE '\\'`;
}
