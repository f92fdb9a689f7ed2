import { Hono } from 'hono';
import { HOME_TENANT_KEY, type TenantResponse } from '../../schema/contracts/tenant';
import type { AppBindings } from '../env';
import { paymentsMode } from '../lib/payments/adapter';

export const tenantRoutes = new Hono<AppBindings>().get('/tenant', (c) => {
  const { _id, key, domain, name, theme, permissions } = c.get('tenant');
  const body: TenantResponse = {
    _id,
    key,
    domain,
    name,
    theme: { primary: theme.primary, primaryDark: theme.primaryDark },
    permissions,
    isPartner: key !== HOME_TENANT_KEY,
    payments: paymentsMode(c.env),
  };
  return c.json(body);
});
