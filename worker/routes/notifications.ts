import { Hono } from 'hono';
import { markReadInput, notificationListQuery, notificationPreferencesInput } from '../../schema/contracts/notifications';
import type { AppBindings } from '../env';
import { listNotices, markRead, preferencesOf, savePreferences } from '../lib/notifications/inbox';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount } from '../middleware/permissions';
import { validate } from '../middleware/validate';

/**
 * The signed-in person's own notices and their choice of what reaches them where (issue 32). Always the caller's
 * own, never the person a parent acts for: a parent's notices about a child are addressed to the parent.
 */
export const notificationRoutes = new Hono<AppBindings>()
  .get('/notifications', requireAuth, requireAccount, validate('query', notificationListQuery), async (c) =>
    c.json(await listNotices(tenantDb(c), authOf(c).userId, c.req.valid('query'))),
  )
  .post('/notifications/read', requireAuth, requireAccount, validate('json', markReadInput), async (c) => {
    await markRead(tenantDb(c), authOf(c).userId, c.req.valid('json'));
    return c.json(await listNotices(tenantDb(c), authOf(c).userId, { limit: 20, offset: 0 }));
  })
  .get('/notification-preferences', requireAuth, requireAccount, async (c) => c.json(await preferencesOf(tenantDb(c), authOf(c).userId)))
  .put('/notification-preferences', requireAuth, requireAccount, validate('json', notificationPreferencesInput), async (c) =>
    c.json(await savePreferences(tenantDb(c), authOf(c).userId, c.req.valid('json'))),
  );
