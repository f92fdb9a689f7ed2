import { drizzle } from 'drizzle-orm/d1';
import * as tables from '../schema/tables';
import type { Db } from './env';

const cache = new WeakMap<D1Database, Db>();

/**
 * The drizzle database for a D1 binding, made once per binding: building one maps every table's relations again,
 * which cost more CPU and garbage per request than most queries do (a busy chat room made one per flush).
 */
export function databaseFor(d1: D1Database): Db {
  let db = cache.get(d1);
  if (!db) {
    db = drizzle(d1, { schema: tables });
    cache.set(d1, db);
  }
  return db;
}
