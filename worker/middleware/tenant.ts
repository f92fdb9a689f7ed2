import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../../platform/errors';
import { tenants } from '../../schema/tables';
import type { AppBindings } from '../env';

/** The tenant comes from the request's host on every call; an unknown host gets nothing. */
export const tenantMiddleware = createMiddleware<AppBindings>(async (c, next) => {
  const host = new URL(c.req.url).hostname.toLowerCase();
  const tenant = await c.get('db').select().from(tenants).where(eq(tenants.domain, host)).get();
  if (!tenant) throw new ApiError(404, `No tenant is configured for ${host}`);
  c.set('tenant', tenant);
  await next();
});
