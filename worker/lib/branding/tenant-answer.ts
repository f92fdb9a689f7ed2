import { HOME_TENANT_KEY, type TenantResponse } from '../../../schema/contracts/tenant';
import type { Tenant } from '../../../schema/tables';
import type { Env } from '../../env';
import { paymentsMode } from '../payments/adapter';
import { publicBranding } from './branding';

/** GET /api/tenant, and the copy the app shell carries so the first frame already wears the tenant's look. */
export function tenantAnswer(tenant: Tenant, env: Env): TenantResponse {
  const branding = publicBranding(tenant);
  return {
    _id: tenant._id,
    key: tenant.key,
    domain: tenant.domain,
    name: tenant.name,
    theme: { primary: branding.colours.brandColour, primaryDark: branding.colours.brandColourDark },
    permissions: tenant.permissions,
    isPartner: tenant.key !== HOME_TENANT_KEY,
    payments: paymentsMode(env),
    branding,
  };
}
