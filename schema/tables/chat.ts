import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { idColumn, tenantColumn, timestamps } from './columns';

/**
 * Chat summaries for lists that span rooms (the notifications list, the header badge). Messages themselves live
 * in each room's Durable Object storage; these rows are the room's mirror, written by the room.
 */
export const chatConversations = sqliteTable(
  'chat_conversations',
  {
    /** The room's own conversation id. */
    _id: text('_id').primaryKey(),
    tenantId: tenantColumn(),
    /** `course:<courseId>` or `admin:<userId>`: the room that owns the conversation. */
    room: text('room').notNull(),
    courseId: text('course_id'),
    lastMessageTime: integer('last_message_time', { mode: 'timestamp_ms' }),
    lastMessage: text('last_message'),
    ...timestamps(),
  },
  (t) => [index('chat_conversations_tenant_room').on(t.tenantId, t.room)],
);

export const chatMembers = sqliteTable(
  'chat_members',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => chatConversations._id),
    userId: text('user_id').notNull(),
    unseenCount: integer('unseen_count').notNull().default(0),
  },
  (t) => [uniqueIndex('chat_members_conversation_user').on(t.conversationId, t.userId), index('chat_members_tenant_user').on(t.tenantId, t.userId)],
);

/** Written by the user's inbox when they come online and when the grace after their last tab closes runs out. */
export const chatPresence = sqliteTable('chat_presence', {
  userId: text('user_id').primaryKey(),
  tenantId: tenantColumn(),
  isOnline: integer('is_online', { mode: 'boolean' }).notNull(),
  lastSeen: integer('last_seen', { mode: 'timestamp_ms' }).notNull(),
});

/** A browser's Web Push subscription (the spec's device token). */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    userId: text('user_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint').on(t.endpoint), index('push_subscriptions_tenant_user').on(t.tenantId, t.userId)],
);

/** What a push would have carried, kept when no VAPID keys are configured (local and test), shown on the dev page. */
export const pushLog = sqliteTable('push_log', {
  _id: idColumn(),
  tenantId: tenantColumn(),
  userId: text('user_id').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  courseId: text('course_id'),
  /** `recorded` locally, `sent` or `failed` with keys. */
  outcome: text('outcome').notNull(),
  ...timestamps(),
});

/**
 * The team inbox: one row per conversation of a user's admin room (what they and the team wrote to each other), with
 * who on the team looks after it and whether it is done. The room writes the message side on each flush (the last
 * message, how many of the user's messages wait for a reply, the last of them by sequence); admins write the rest.
 */
export const teamThreads = sqliteTable(
  'team_threads',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => chatConversations._id),
    /** The student or parent whose admin room holds the conversation. */
    userId: text('user_id').notNull(),
    status: text('status', { enum: ['OPEN', 'DONE'] })
      .notNull()
      .default('OPEN'),
    assigneeId: text('assignee_id'),
    lastMessage: text('last_message'),
    lastMessageAt: integer('last_message_at', { mode: 'timestamp_ms' }),
    /** The user's messages since the team last wrote: what the team owes a reply to. */
    waiting: integer('waiting').notNull().default(0),
    /** The room sequence of the user's latest message: a newer one reopens a thread marked done. */
    lastUserSeq: integer('last_user_seq').notNull().default(0),
    doneBy: text('done_by'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('team_threads_conversation').on(t.tenantId, t.conversationId), index('team_threads_list').on(t.tenantId, t.status, t.lastMessageAt)],
);
