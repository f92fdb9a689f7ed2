import { Hono } from 'hono';
import { z } from 'zod';
import { listNotifications } from '../../platform/chat/notifications';
import { ApiError } from '../../platform/errors';
import { NOTIFICATION_PAGE_SIZE, type PushConfig, pushSubscriptionBody } from '../../schema/contracts/chat';
import type { AppBindings } from '../env';
import { pushLogPage, removePushSubscription, savePushSubscription } from '../lib/chat/push-subscriptions';
import { listQuery, paged } from '../lib/pagination';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { refuseWhileImpersonating, requireAccount } from '../middleware/permissions';
import { parseQuery, validate } from '../middleware/validate';

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
  .post('/fcm-token', requireAuth, requireAccount, refuseWhileImpersonating, validate('json', pushSubscriptionBody), async (c) =>
    c.json(await savePushSubscription(tenantDb(c), authOf(c), c.req.valid('json')), 201),
  )
  .delete('/fcm-token/:id', requireAuth, requireAccount, async (c) => c.json(await removePushSubscription(tenantDb(c), authOf(c), c.req.param('id'))))
  .get('/dev/push-log', requireAuth, async (c) => {
    if (!['local', 'test'].includes(c.env.APP_ENV)) throw new ApiError(404, `No route for GET ${new URL(c.req.url).pathname}`);
    return c.json(await pushLogPage(tenantDb(c), authOf(c), await parseQuery(c, listQuery)));
  });
