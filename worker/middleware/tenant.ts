import { createMiddleware } from 'hono/factory';
import { ApiError } from '../../platform/errors';
import type { AppBindings } from '../env';
import { runBatch } from '../lib/compiled';
import { tenantOfHost } from '../lib/tenant-cache';
import { askedToActFor, bearerClaims, signedInFrom, signedInReads } from './signed-in';

/**
 * The tenant comes from the request's host on every call; an unknown host gets nothing. It is read once every few
 * seconds per isolate (`tenant-cache.ts`), alongside the session and family link a valid bearer token names (one D1
 * batch, for requireAuth): one round trip on every signed-in call.
 */
export const tenantMiddleware = createMiddleware<AppBindings>(async (c, next) => {
  const host = new URL(c.req.url).hostname.toLowerCase();
  const db = c.get('db');
  const claims = await bearerClaims(c);
  const asked = claims ? askedToActFor(c, claims) : undefined;
  const [tenant, signedIn] = await Promise.all([
    tenantOfHost(db, host),
    claims && runBatch(db, signedInReads(db, claims, asked)).then(([sessionRows, links]) => signedInFrom(claims, asked, sessionRows[0], links)),
  ]);
  if (!tenant) throw new ApiError(404, `No tenant is configured for ${host}`);
  if (signedIn) c.set('signedIn', signedIn);
  c.set('tenant', tenant);
  await next();
});
