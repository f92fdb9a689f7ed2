import { sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { idColumn, tenantColumn, timestamps } from './columns';

/**
 * A person's calendar feed: calendar apps cannot send a bearer token, so the secret in the feed URL is the
 * credential. One live token per user; rotating replaces it, so an old URL stops working at once.
 */
export const calendarFeeds = sqliteTable(
  'calendar_feeds',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users._id),
    token: text('token').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('calendar_feeds_user').on(t.tenantId, t.userId), uniqueIndex('calendar_feeds_token').on(t.token)],
);
