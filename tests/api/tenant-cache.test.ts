import { describe, expect, it } from 'vitest';
import { TENANT_IDS } from '../../schema/seed';
import type { Tenant } from '../../schema/tables';
import { forgetTenants, rememberedTenant, rememberTenant, TENANT_TTL_MS } from '../../worker/lib/tenant-cache';

const tenant = { _id: TENANT_IDS.studyhall, domain: 'cache.test' } as Tenant;

describe('the tenant an isolate remembers', () => {
  it('is trusted for TENANT_TTL_MS, then read again', () => {
    rememberTenant('cache.test', tenant, 1_000);
    expect(rememberedTenant('cache.test', 1_000 + TENANT_TTL_MS - 1)).toBe(tenant);
    expect(rememberedTenant('cache.test', 1_000 + TENANT_TTL_MS)).toBeUndefined();
    expect(rememberedTenant('other.test', 1_000)).toBeUndefined();
  });

  it('is forgotten at once when a tenant changes', () => {
    rememberTenant('cache.test', tenant);
    forgetTenants();
    expect(rememberedTenant('cache.test')).toBeUndefined();
  });
});
