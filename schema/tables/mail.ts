import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { MailAttachment } from '../contracts/mail-attachment';
import { users } from './accounts';
import { idColumn, tenantColumn, timestamps } from './columns';

/** Every e-mail the product sends, kept as written: the dev mailbox lists it, and a provider failure can be retried. */
export const emailOutbox = sqliteTable(
  'email_outbox',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Files sent with the mail (a lesson's calendar entry), small text kept whole so the dev mailbox can offer them. */
    attachments: text('attachments', { mode: 'json' }).$type<MailAttachment[]>().notNull().default([]),
    /** LOCAL: kept for the dev mailbox only (no provider configured). */
    status: text('status', { enum: ['QUEUED', 'SENT', 'FAILED', 'LOCAL'] }).notNull(),
    provider: text('provider').notNull(),
    error: text('error'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    ...timestamps(),
  },
  (t) => [index('email_outbox_tenant_time').on(t.tenantId, t.createdAt)],
);

/** A password-reset link: only the SHA-256 of its token is stored; single use, and it expires. */
export const passwordResets = sqliteTable(
  'password_resets',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users._id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    ...timestamps(),
  },
  (t) => [index('password_resets_user').on(t.userId)],
);
