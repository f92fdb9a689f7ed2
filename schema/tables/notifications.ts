import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { type NotificationKind, type NotificationPreferences, notificationKinds } from '../contracts/notifications';
import { idColumn, tenantColumn, timestamps } from './columns';

/**
 * What a person was told: one row per person and event, unique by the event's key, so an event sent twice (a retried
 * request, a cron run delivered twice) tells nobody twice. `shown` is false when the person turned the app's notices
 * off for its kind: the row still guards the e-mail and push from repeating.
 */
export const notifications = sqliteTable(
  'notifications',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    userId: text('user_id').notNull(),
    kind: text('kind', { enum: notificationKinds }).$type<NotificationKind>().notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    shown: integer('shown', { mode: 'boolean' }).notNull().default(true),
    readAt: integer('read_at', { mode: 'timestamp_ms' }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('notifications_once').on(t.tenantId, t.userId, t.dedupeKey), index('notifications_list').on(t.tenantId, t.userId, t.shown, t.createdAt)],
);

/** A person's choices of what reaches them where; a kind or channel left out is on. */
export const notificationPreferences = sqliteTable(
  'notification_preferences',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    userId: text('user_id').notNull(),
    preferences: text('preferences', { mode: 'json' }).$type<NotificationPreferences>().notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('notification_preferences_user').on(t.tenantId, t.userId)],
);
