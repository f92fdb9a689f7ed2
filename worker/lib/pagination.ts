import { asc, count, desc, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { fieldError } from '../../platform/errors';
import type { ListQuery, ListResponse } from '../../schema/contracts/common';
import type { Db } from '../env';

export { type ListQuery, listQuery } from '../../schema/contracts/common';

/**
 * The ORDER BY for a list: `sortKey` must name one of the columns the route allows (else 400 naming sortKey),
 * and without a sortKey the route's own default order applies.
 */
export function sortBy(query: Pick<ListQuery, 'sortKey' | 'sortValue'>, allowed: Record<string, SQLiteColumn>, fallback: SQL): SQL {
  if (query.sortKey === undefined) return fallback;
  // Own keys only: `__proto__`, `constructor` and friends are inherited by every object literal.
  const column = Object.hasOwn(allowed, query.sortKey) ? allowed[query.sortKey] : undefined;
  if (!column) throw fieldError('sortKey', `must be one of ${Object.keys(allowed).join(', ')}`);
  return query.sortValue === 'desc' ? desc(column) : asc(column);
}

/** The `{docs, totalDocs, limit, offset}` answer of every list, echoing the page that was asked for. */
export function paged<T>(docs: T[], totalDocs: number, query: Pick<ListQuery, 'limit' | 'offset'>): ListResponse<T> {
  return { docs, totalDocs, limit: query.limit, offset: query.offset };
}

type Page = Pick<ListQuery, 'limit' | 'offset'>;

/**
 * The select-count-page of every list: the page's rows and the count of every row matching `where` in `from`,
 * asked at once. `rows` applies the page's limit and offset to its own select (joins, order, columns).
 */
export async function listPage<T>(
  db: Db,
  from: SQLiteTable,
  where: SQL | undefined,
  query: Page,
  rows: (page: Page) => Promise<T[]>,
): Promise<ListResponse<T>> {
  const [docs, total] = await Promise.all([rows({ limit: query.limit, offset: query.offset }), db.select({ n: count() }).from(from).where(where).get()]);
  return paged(docs, total?.n ?? 0, query);
}
