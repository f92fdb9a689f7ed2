import { buildPushPayload } from '@block65/webcrypto-web-push';
import { and, eq } from 'drizzle-orm';
import type { NewMessageNotice } from '../schema/contracts/chat';
import { chatConversations, pushLog, pushSubscriptions } from '../schema/tables';
import { adminChatUserOf } from './chat/notifications';
import { databaseFor } from './database';
import type { Env } from './env';

type Owner = { tenantId: string; userId: string };
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** The browsers this person turned push on in; most people have none, and then nothing else need be read. */
export function pushSubscriptionsOf(env: Env, owner: Owner) {
  return databaseFor(env.DB)
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.tenantId, owner.tenantId), eq(pushSubscriptions.userId, owner.userId)))
    .all();
}

/**
 * The one place Web Push leaves the app. With VAPID keys configured it encrypts and sends to each of the user's
 * subscriptions (dropping ones the push service says are gone); without them it records what it would have sent in
 * the push log, which the dev mailbox page shows, so local runs and tests see exactly what would go out.
 */
export async function pushToUser(env: Env, owner: Owner, notice: NewMessageNotice, subscriptions?: PushSubscriptionRow[]) {
  const db = databaseFor(env.DB);
  const conversation = await db
    .select({ room: chatConversations.room })
    .from(chatConversations)
    .where(and(eq(chatConversations.tenantId, owner.tenantId), eq(chatConversations._id, notice.conversationId)))
    .get();
  const adminChatUser = conversation ? adminChatUserOf(conversation.room, owner.userId) : null;
  // The spec's push shape: notification.title and notification.data.courseId; the rest lets a click open the
  // conversation where the recipient reads it (web/features/chat/team-messages.ts).
  await sendPush(
    env,
    owner,
    {
      title: notice.title,
      body: notice.lastMessage,
      courseId: notice.course,
      data: { courseId: notice.course, conversationId: notice.conversationId, adminChatUser },
    },
    subscriptions,
  );
}

/**
 * Any push: a title and a line, and what a click on it needs (`data.url` opens that page). `known` is the person's
 * subscriptions when the caller has read them already.
 */
export async function sendPush(
  env: Env,
  owner: Owner,
  push: { title: string; body: string; courseId?: string | null; data: Record<string, unknown> },
  known?: PushSubscriptionRow[],
) {
  const db = databaseFor(env.DB);
  const entry = { tenantId: owner.tenantId, userId: owner.userId, title: push.title, body: push.body, courseId: push.courseId ?? null };
  const subscriptions = known ?? (await pushSubscriptionsOf(env, owner));
  if (subscriptions.length === 0) return;
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY || !env.VAPID_SUBJECT) {
    await db.insert(pushLog).values({ ...entry, outcome: 'recorded' });
    return;
  }
  const vapid = { subject: env.VAPID_SUBJECT, publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  const data = JSON.stringify({ notification: { title: push.title, body: push.body, data: push.data } });
  for (const subscription of subscriptions) {
    const target = { endpoint: subscription.endpoint, expirationTime: null, keys: { p256dh: subscription.p256dh, auth: subscription.auth } };
    const outcome = await fetch(subscription.endpoint, await buildPushPayload({ data, options: { ttl: 3600 } }, target, vapid)).then(
      async (res) => {
        if (res.status === 404 || res.status === 410) await db.delete(pushSubscriptions).where(eq(pushSubscriptions._id, subscription._id));
        return res.ok ? 'sent' : 'failed';
      },
      () => 'failed',
    );
    await db.insert(pushLog).values({ ...entry, outcome });
  }
}
