import { and, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { NOTIFICATION_PAGE_SIZE, type PushConfig, pushSubscriptionBody } from '../../schema/contracts/chat';
import { pushLog, pushSubscriptions } from '../../schema/tables';
import type { AppBindings } from '../env';
import { listNotifications } from '../../platform/chat/notifications';
import { listQuery, paged } from '../lib/pagination';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { ApiError } from '../../platform/errors';
import { refuseWhileImpersonating, requireAccount } from '../middleware/permissions';
import { validate } from '../middleware/validate';

/** The notifications list and push subscriptions; the chat sockets themselves are in routes/realtime.ts. */
export const chatRoutes = new Hono<AppBindings>()
  .get(
    '/chat/notifications',
    requireAuth,
    requireAccount,
    validate('query', listQuery.safeExtend({ limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATION_PAGE_SIZE) })),
    async (c) => {
      const query = c.req.valid('query');
      const auth = authOf(c);
      const { docs, totalDocs } = await listNotifications(c.get('db'), c.get('tenant')._id, auth.userId, query);
      return c.json(paged(docs, totalDocs, query));
    },
  )
  .get('/push/config', requireAuth, requireAccount, (c) => {
    // The public key alone is useless without the private one, so a half-configured deployment reports no push.
    const configured = c.env.VAPID_PUBLIC_KEY && c.env.VAPID_PRIVATE_KEY && c.env.VAPID_SUBJECT;
    const body: PushConfig = { vapidPublicKey: configured ? c.env.VAPID_PUBLIC_KEY! : null };
    return c.json(body);
  })
  // An admin acting as someone must not subscribe their own browser to that person's messages.
  .post('/fcm-token', requireAuth, requireAccount, refuseWhileImpersonating, validate('json', pushSubscriptionBody), async (c) => {
    const tdb = tenantDb(c);
    const { token } = c.req.valid('json');
    const auth = authOf(c);
    // One row per browser: the endpoint is the browser's identity, so a re-subscription moves it to whoever signed in.
    const row = await tdb.db
      .insert(pushSubscriptions)
      .values(tdb.values(pushSubscriptions, { userId: auth.userId, endpoint: token.endpoint, p256dh: token.keys.p256dh, auth: token.keys.auth }))
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { tenantId: tdb.tenantId, userId: auth.userId, p256dh: token.keys.p256dh, auth: token.keys.auth, updatedAt: new Date() },
      })
      .returning({ _id: pushSubscriptions._id })
      .get();
    return c.json(row, 201);
  })
  .delete('/fcm-token/:id', requireAuth, requireAccount, async (c) => {
    const tdb = tenantDb(c);
    const removed = await tdb.db
      .delete(pushSubscriptions)
      .where(tdb.where(pushSubscriptions, eq(pushSubscriptions._id, c.req.param('id')), eq(pushSubscriptions.userId, authOf(c).userId)))
      .returning({ _id: pushSubscriptions._id })
      .get();
    if (!removed) throw new ApiError(404, 'Push subscription not found');
    return c.json(removed);
  })
  .get('/dev/push-log', requireAuth, validate('query', listQuery), async (c) => {
    if (!['local', 'test'].includes(c.env.APP_ENV)) throw new ApiError(404, `No route for GET ${new URL(c.req.url).pathname}`);
    const tdb = tenantDb(c);
    const query = c.req.valid('query');
    const where = tdb.where(pushLog, eq(pushLog.userId, authOf(c).userId));
    const [docs, all] = await Promise.all([
      tdb.db.select().from(pushLog).where(and(where)).orderBy(desc(pushLog.createdAt), desc(pushLog._id)).limit(query.limit).offset(query.offset).all(),
      tdb.db.select({ _id: pushLog._id }).from(pushLog).where(where).all(),
    ]);
    return c.json(paged(docs, all.length, query));
  });
