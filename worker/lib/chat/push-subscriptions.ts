import { desc, eq } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import type { PushSubscriptionBody } from '../../../schema/contracts/chat';
import type { ListQuery } from '../../../schema/contracts/common';
import { pushLog, pushSubscriptions } from '../../../schema/tables';
import type { Actor } from '../../env';
import { listPage } from '../pagination';
import type { TenantDb } from '../tenant-db';

/** One row per browser: the endpoint is the browser's identity, so a re-subscription moves it to whoever signed in. */
export function savePushSubscription(tdb: TenantDb, actor: Actor, { token }: PushSubscriptionBody) {
  const keys = { userId: actor.userId, p256dh: token.keys.p256dh, auth: token.keys.auth };
  return tdb.db
    .insert(pushSubscriptions)
    .values(tdb.values(pushSubscriptions, { ...keys, endpoint: token.endpoint }))
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...keys, tenantId: tdb.tenantId, updatedAt: new Date() } })
    .returning({ _id: pushSubscriptions._id })
    .get();
}

/** Drops one of the caller's own subscriptions; anyone else's is a 404, as if it did not exist. */
export async function removePushSubscription(tdb: TenantDb, actor: Actor, id: string) {
  const removed = await tdb.db
    .delete(pushSubscriptions)
    .where(tdb.where(pushSubscriptions, eq(pushSubscriptions._id, id), eq(pushSubscriptions.userId, actor.userId)))
    .returning({ _id: pushSubscriptions._id })
    .get();
  if (!removed) throw new ApiError(404, 'Push subscription not found');
  return removed;
}

/** What push would have sent the caller, latest first (the dev mailbox shows it where no VAPID keys are set). */
export function pushLogPage(tdb: TenantDb, actor: Actor, query: Pick<ListQuery, 'limit' | 'offset'>) {
  const where = tdb.where(pushLog, eq(pushLog.userId, actor.userId));
  return listPage(tdb.db, pushLog, where, query, (page) =>
    tdb.db.select().from(pushLog).where(where).orderBy(desc(pushLog.createdAt), desc(pushLog._id)).limit(page.limit).offset(page.offset).all(),
  );
}
