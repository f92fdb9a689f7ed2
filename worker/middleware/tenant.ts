import { createMiddleware } from 'hono/factory';
import { ApiError } from '../../platform/errors';
import type { AppBindings } from '../env';
import { runBatch } from '../lib/compiled';
import { rememberedTenant, rememberTenant, tenantByDomain, tenantOfHost } from '../lib/tenant-cache';
import { askedToActFor, bearerClaims, signedInFrom, signedInReads } from './signed-in';

/**
 * The tenant comes from the request's host on every call; an unknown host gets nothing. It is read once every few
 * seconds per isolate (`tenant-cache.ts`). A request carrying a valid bearer token reads its session and family link
 * in one D1 batch (with the tenant, when it is due), for requireAuth: one round trip on every signed-in call.
 */
export const tenantMiddleware = createMiddleware<AppBindings>(async (c, next) => {
  const host = new URL(c.req.url).hostname.toLowerCase();
  const db = c.get('db');
  const claims = await bearerClaims(c);
  let tenant = rememberedTenant(host);
  if (claims) {
    const asked = askedToActFor(c, claims);
    const reads = signedInReads(db, claims, asked);
    if (tenant) {
      const [sessionRows, links] = await runBatch(db, reads);
      c.set('signedIn', signedInFrom(claims, asked, sessionRows[0], links));
    } else {
      const [tenantRows, sessionRows, links] = await runBatch(db, [tenantByDomain(db, { domain: host }), ...reads]);
      tenant = tenantRows[0];
      if (tenant) rememberTenant(host, tenant);
      c.set('signedIn', signedInFrom(claims, asked, sessionRows[0], links));
    }
  } else {
    tenant = await tenantOfHost(db, host);
  }
  if (!tenant) throw new ApiError(404, `No tenant is configured for ${host}`);
  c.set('tenant', tenant);
  await next();
});
