import { eq } from 'drizzle-orm';
import { calendarFeeds } from '../../../schema/tables';
import { newId } from '../../../schema/tables/columns';
import type { TenantDb } from '../tenant-db';

/** 32 random bytes, URL-safe: the feed URL is the only credential a calendar app presents. */
function newToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const feedUrl = (origin: string, token: string) => `${origin}/api/schedule/feed/${token}.ics`;

export async function feedOf(tdb: TenantDb, userId: string) {
  return tdb.db
    .select({ token: calendarFeeds.token })
    .from(calendarFeeds)
    .where(tdb.where(calendarFeeds, eq(calendarFeeds.userId, userId)))
    .get();
}

/** A fresh token replaces the old one in the same write, so the old URL stops working at once. */
export async function rotateFeed(tdb: TenantDb, userId: string) {
  const token = newToken();
  await tdb.db
    .insert(calendarFeeds)
    .values(tdb.values(calendarFeeds, { _id: newId(), userId, token }))
    .onConflictDoUpdate({ target: [calendarFeeds.tenantId, calendarFeeds.userId], set: { token, updatedAt: new Date() } });
  return token;
}

export async function removeFeed(tdb: TenantDb, userId: string) {
  await tdb.db.delete(calendarFeeds).where(tdb.where(calendarFeeds, eq(calendarFeeds.userId, userId)));
}

export async function feedOwner(tdb: TenantDb, token: string) {
  return tdb.db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(tdb.where(calendarFeeds, eq(calendarFeeds.token, token)))
    .get();
}
