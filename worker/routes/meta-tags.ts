import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { metaTagRequest, type MetaTagResponse } from '../../schema/contracts/site';
import { metaTags } from '../../schema/tables';
import type { AppBindings } from '../env';
import { contentPageMeta } from '../lib/content/page-meta';
import { tenantDb } from '../lib/tenant-db';
import { validate } from '../middleware/validate';

/**
 * Page titles and descriptions per tenant. Content pages without their own row are described from the content;
 * any other page without tags answers nulls and keeps the app's defaults.
 */
export const metaTagRoutes = new Hono<AppBindings>().post('/meta-tags/get', validate('json', metaTagRequest), async (c) => {
  const tdb = tenantDb(c);
  const { path } = c.req.valid('json');
  const row = await tdb.db
    .select({ title: metaTags.title, description: metaTags.description })
    .from(metaTags)
    .where(tdb.where(metaTags, eq(metaTags.path, path)))
    .get();
  const body: MetaTagResponse = row ?? (await contentPageMeta(tdb, path, c.get('tenant').name)) ?? { title: null, description: null };
  return c.json(body);
});
