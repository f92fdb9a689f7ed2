import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../../platform/errors';
import { tenants } from '../../schema/tables';
import type { AppBindings } from '../env';
import { compiledUnscoped, runBatch } from '../lib/compiled';
import { askedToActFor, bearerClaims, signedInFrom, signedInReads } from './signed-in';

/** Every call reads its tenant first, so this read is compiled. */
const tenantByDomain = compiledUnscoped(['domain'], (db, p) => db.select().from(tenants).where(eq(tenants.domain, p.domain)));

/**
 * The tenant comes from the request's host on every call; an unknown host gets nothing. A request carrying a valid
 * bearer token also reads its session and family link in the same D1 batch, for requireAuth: one round trip instead
 * of two or three on every signed-in call.
 */
export const tenantMiddleware = createMiddleware<AppBindings>(async (c, next) => {
  const host = new URL(c.req.url).hostname.toLowerCase();
  const db = c.get('db');
  const tenantRead = tenantByDomain(db, { domain: host });
  const claims = await bearerClaims(c);
  let tenant: (typeof tenants)['$inferSelect'] | undefined;
  if (claims) {
    const asked = askedToActFor(c, claims);
    const [tenantRows, sessionRows, links] = await runBatch(db, [tenantRead, ...signedInReads(db, claims, asked)]);
    tenant = tenantRows[0];
    c.set('signedIn', signedInFrom(claims, asked, sessionRows[0], links));
  } else {
    [[tenant]] = await runBatch(db, [tenantRead]);
  }
  if (!tenant) throw new ApiError(404, `No tenant is configured for ${host}`);
  c.set('tenant', tenant);
  await next();
});
