import { Hono } from 'hono';
import type { AppBindings } from '../env';
import { studentHome } from '../lib/home/student-home';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount } from '../middleware/permissions';

/** The portal home's own read: what the schedule and quiz lists do not already answer. */
export const homeRoutes = new Hono<AppBindings>().get('/home', requireAuth, requireAccount, async (c) =>
  c.json(await studentHome(tenantDb(c), authOf(c), new Date())),
);
