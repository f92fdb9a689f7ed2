import { Hono } from 'hono';
import type { AppBindings } from '../env';
import { homeOf } from '../lib/home/home';
import { tenantDb } from '../lib/tenant-db';
import { waitingRoomStub } from '../lib/waiting-room/lesson';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount } from '../middleware/permissions';

/** The portal home's own read: what the schedule and quiz lists do not already answer, for the caller's role. */
export const homeRoutes = new Hono<AppBindings>().get('/home', requireAuth, requireAccount, async (c) => {
  const tenant = c.get('tenant');
  const presence = (lessonId: string) => waitingRoomStub(c.env, tenant._id, lessonId).presence();
  return c.json(await homeOf(tenantDb(c), authOf(c), { now: new Date(), presence, tenantPermissions: tenant.permissions }));
});
