import { Hono } from 'hono';
import { metaTagRequest } from '../../schema/contracts/site';
import type { AppBindings } from '../env';
import { pageMeta } from '../lib/content/page-meta';
import { tenantDb } from '../lib/tenant-db';
import { validate } from '../middleware/validate';

/** Page titles and descriptions per tenant, public: every page asks before it renders. */
export const metaTagRoutes = new Hono<AppBindings>().post('/meta-tags/get', validate('json', metaTagRequest), async (c) =>
  c.json(await pageMeta(tenantDb(c), c.req.valid('json').path, c.get('tenant').name)),
);
