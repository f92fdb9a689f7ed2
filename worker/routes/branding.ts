import { Hono } from 'hono';
import { brandingInput } from '../../schema/contracts/branding';
import type { AppBindings } from '../env';
import { readBranding, saveBranding } from '../lib/branding/branding';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';

/** The tenant's white label, read and replaced whole by its own admins; the host decides whose it is. */
export const brandingRoutes = new Hono<AppBindings>()
  .get('/admin/branding', requireAuth, requirePermission('branding', ['view']), async (c) => c.json(await readBranding(tenantDb(c))))
  .put('/admin/branding', requireAuth, requirePermission('branding', ['edit']), validate('json', brandingInput), async (c) =>
    c.json(await saveBranding(tenantDb(c), authOf(c), c.req.valid('json'))),
  );
