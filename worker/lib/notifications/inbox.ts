import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  defaultNotificationPreferences,
  type markReadInput,
  type NotificationPage,
  type NotificationPreferences,
  type notificationListQuery,
} from '../../../schema/contracts/notifications';
import { notificationPreferences, notifications } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';

/** The person's own notices, newest first, with how many are unread; notices of kinds they hid from the app stay out. */
export async function listNotices(tdb: TenantDb, userId: string, query: z.output<typeof notificationListQuery>): Promise<NotificationPage> {
  const mine = tdb.where(notifications, eq(notifications.userId, userId), eq(notifications.shown, true));
  const where = query.unread === 'true' ? and(mine, isNull(notifications.readAt)) : mine;
  const [rows, total, unread] = await tdb.db.batch([
    tdb.db.select().from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications._id)).limit(query.limit).offset(query.offset),
    tdb.db.select({ n: count() }).from(notifications).where(where),
    tdb.db
      .select({ n: count() })
      .from(notifications)
      .where(and(mine, isNull(notifications.readAt))),
  ]);
  return {
    docs: rows.map((row) => ({
      _id: row._id,
      kind: row.kind,
      title: row.title,
      body: row.body,
      link: row.link,
      readAt: row.readAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    totalDocs: total[0]?.n ?? 0,
    limit: query.limit,
    offset: query.offset,
    unread: unread[0]?.n ?? 0,
  };
}

/** Marks the named notices (only the person's own; others' ids change nothing), or all of them, read. */
export async function markRead(tdb: TenantDb, userId: string, input: z.output<typeof markReadInput>, now = new Date()) {
  await tdb.db
    .update(notifications)
    .set({ readAt: now, updatedAt: now })
    .where(
      tdb.where(
        notifications,
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        input.all ? undefined : inArray(notifications._id, input.ids ?? []),
      ),
    );
}

export async function preferencesOf(tdb: TenantDb, userId: string): Promise<NotificationPreferences> {
  const row = await tdb.db
    .select({ preferences: notificationPreferences.preferences })
    .from(notificationPreferences)
    .where(tdb.where(notificationPreferences, eq(notificationPreferences.userId, userId)))
    .get();
  return { ...defaultNotificationPreferences(), ...row?.preferences };
}

export async function savePreferences(tdb: TenantDb, userId: string, preferences: NotificationPreferences) {
  await tdb.db
    .insert(notificationPreferences)
    .values(tdb.values(notificationPreferences, { userId, preferences }))
    .onConflictDoUpdate({ target: [notificationPreferences.tenantId, notificationPreferences.userId], set: { preferences, updatedAt: new Date() } });
  return preferences;
}
