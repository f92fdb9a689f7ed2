import { inArray, isNull, ne } from 'drizzle-orm';
import { html } from '../../../platform/email/html';
import { type MailContext, sendEmail } from '../../../platform/email/outbox';
import { sendPush } from '../../../platform/push';
import { inboxObject } from '../../../schema/contracts/chat';
import type { MailAttachment } from '../../../schema/contracts/mail-attachment';
import { defaultNotificationPreferences, type NotificationKind } from '../../../schema/contracts/notifications';
import { notificationPreferences, notifications, users } from '../../../schema/tables';
import type { Env } from '../../env';
import type { TenantDb } from '../tenant-db';

/** Someone a notice is for, with what it needs to speak to them: their name, address and time zone. */
export interface Recipient {
  _id: string;
  firstname: string;
  email: string | null;
  timezone: string;
}

/** One notice as one person reads it; `link` is a path of the app, as the bell and a push open it. */
export interface Notice {
  kind: NotificationKind;
  /** The event, the same for every person it tells: with the person, it makes the notice once-only. */
  key: string;
  title: string;
  body: string;
  link: string | null;
  attachments?: MailAttachment[];
  /** A link that turns e-mail of this kind off with no sign-in (worker/lib/progress/unsubscribe.ts), put in the footer. */
  unsubscribeUrl?: string;
}

export interface NotifyContext {
  env: Env;
  tdb: TenantDb;
  /** The tenant's own address, for links in e-mails. */
  origin: string;
  productName: string;
  waitUntil?: (promise: Promise<unknown>) => void;
}

const appUrl = (origin: string, link: string) => `${origin}/learning-portal${link}`;

function noticeMail(ctx: NotifyContext, person: Recipient & { email: string }, notice: Notice) {
  const greeting = person.firstname ? `Hi ${person.firstname},` : 'Hi,';
  const url = notice.link ? appUrl(ctx.origin, notice.link) : null;
  const footer = `You get this because e-mail is on for ${notice.kind} in your ${ctx.productName} notification settings.`;
  const stop = notice.unsubscribeUrl ? `Stop these e-mails: ${notice.unsubscribeUrl}` : null;
  const text = [greeting, '', notice.body, ...(url ? ['', `Open it in ${ctx.productName}: ${url}`] : []), '', footer, ...(stop ? [stop] : [])].join('\n');
  const link = url ? html`<p><a href="${url}">Open it in ${ctx.productName}</a></p>` : '';
  // A body of several lines (the weekly digest) reads as paragraphs.
  const paragraphs = notice.body
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => html`<p>${line}</p>`)
    .join('');
  const unsubscribe = notice.unsubscribeUrl ? html` <a href="${notice.unsubscribeUrl}">Stop these e-mails</a>` : '';
  const body = `${html`<p>${greeting}</p>`}${paragraphs}${link}${html`<p style="color:#64748b;font-size:12px">${footer}`}${unsubscribe}</p>`;
  return { to: person.email, subject: notice.title, text, html: body, attachments: notice.attachments };
}

/**
 * The one sender of notices: for each person, the notice is recorded once by its key (a repeat of the event tells
 * nobody again), then it goes where that person wants notices of its kind: the app's list, e-mail, push. Delivery
 * failures are logged, never thrown: the change the notice is about has already happened.
 */
export async function notify(ctx: NotifyContext, userIds: string[], noticeFor: (person: Recipient) => Notice | null) {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  const { tdb } = ctx;
  const [people, stored] = await Promise.all([
    tdb.db
      .select({ _id: users._id, firstname: users.firstname, email: users.email, timezone: users.timezone })
      .from(users)
      .where(tdb.where(users, inArray(users._id, ids), isNull(users.deletedAt), ne(users.role, 'GUEST')))
      .all(),
    tdb.db
      .select({ userId: notificationPreferences.userId, preferences: notificationPreferences.preferences })
      .from(notificationPreferences)
      .where(tdb.where(notificationPreferences, inArray(notificationPreferences.userId, ids)))
      .all(),
  ]);
  const preferencesOf = new Map(stored.map((row) => [row.userId, row.preferences]));
  const mail: MailContext = { db: tdb.db, env: ctx.env, tenantId: tdb.tenantId, waitUntil: ctx.waitUntil };
  const results = await Promise.allSettled(
    people.map(async (person) => {
      const notice = noticeFor(person);
      if (!notice) return;
      const wants = (preferencesOf.get(person._id) ?? defaultNotificationPreferences())[notice.kind];
      const written = await tdb.db
        .insert(notifications)
        .values(
          tdb.values(notifications, {
            userId: person._id,
            kind: notice.kind,
            dedupeKey: notice.key,
            title: notice.title,
            body: notice.body,
            link: notice.link,
            shown: wants.inApp,
          }),
        )
        .onConflictDoNothing()
        .returning({ _id: notifications._id })
        .get();
      if (!written) return;
      const deliveries: Promise<unknown>[] = [];
      if (wants.inApp) deliveries.push(tellInbox(ctx, person._id));
      if (wants.email && person.email) deliveries.push(sendEmail(mail, noticeMail(ctx, { ...person, email: person.email }, notice)));
      if (wants.push)
        deliveries.push(
          sendPush(ctx.env, { tenantId: tdb.tenantId, userId: person._id }, { title: notice.title, body: notice.body, data: { path: notice.link } }),
        );
      for (const result of await Promise.allSettled(deliveries)) if (result.status === 'rejected') console.error('notify: a delivery failed', result.reason);
    }),
  );
  for (const result of results) if (result.status === 'rejected') console.error('notify: a notice failed', result.reason);
}

function tellInbox(ctx: NotifyContext, userId: string) {
  const { USER_INBOX } = ctx.env;
  return USER_INBOX.get(USER_INBOX.idFromName(inboxObject(ctx.tdb.tenantId, userId))).notificationsChanged();
}
