import { asc, desc, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { ListQuery, ListResponse } from '../../schema/contracts/common';
import { fieldError } from '../middleware/errors';

export { listQuery, type ListQuery } from '../../schema/contracts/common';

/**
 * The ORDER BY for a list: `sortKey` must name one of the columns the route allows (else 400 naming sortKey),
 * and without a sortKey the route's own default order applies.
 */
export function sortBy(query: Pick<ListQuery, 'sortKey' | 'sortValue'>, allowed: Record<string, SQLiteColumn>, fallback: SQL): SQL {
  if (query.sortKey === undefined) return fallback;
  const column = allowed[query.sortKey];
  if (!column) throw fieldError('sortKey', `must be one of ${Object.keys(allowed).join(', ')}`);
  return query.sortValue === 'desc' ? desc(column) : asc(column);
}

/** The `{docs, totalDocs, limit, offset}` answer of every list, echoing the page that was asked for. */
export function paged<T>(docs: T[], totalDocs: number, query: Pick<ListQuery, 'limit' | 'offset'>): ListResponse<T> {
  return { docs, totalDocs, limit: query.limit, offset: query.offset };
}
