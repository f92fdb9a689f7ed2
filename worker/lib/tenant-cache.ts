import { eq } from 'drizzle-orm';
import { type Tenant, tenants } from '../../schema/tables';
import type { Db } from '../env';
import { compiledUnscoped, runBatch } from './compiled';

/**
 * How long an isolate trusts the tenant it read for a host. Every request needs its tenant, and a tenant changes only
 * when its admin saves the white label (which forgets it here at once): other isolates show the change within this
 * time. It saved one D1 read of every call, a round trip of every call without a session.
 */
export const TENANT_TTL_MS = 5_000;

const remembered = new Map<string, { tenant: Tenant; until: number }>();

const tenantByDomain = compiledUnscoped(['domain'], (db, p) => db.select().from(tenants).where(eq(tenants.domain, p.domain)));

/** The host's tenant when this isolate read it less than `TENANT_TTL_MS` ago. */
export function rememberedTenant(host: string, now = Date.now()): Tenant | undefined {
  const hit = remembered.get(host);
  return hit && hit.until > now ? hit.tenant : undefined;
}

export function rememberTenant(host: string, tenant: Tenant, now = Date.now()) {
  remembered.set(host, { tenant, until: now + TENANT_TTL_MS });
}

/** After a tenant's row changed: every host reads its tenant again. */
export function forgetTenants() {
  remembered.clear();
}

/** The host's tenant, from this isolate's memory when fresh, otherwise read (and remembered); undefined for an unknown host. */
export async function tenantOfHost(db: Db, host: string): Promise<Tenant | undefined> {
  const known = rememberedTenant(host);
  if (known) return known;
  const [[tenant]] = await runBatch(db, [tenantByDomain(db, { domain: host })]);
  if (tenant) rememberTenant(host, tenant);
  return tenant;
}
