import type { Branding, BrandingInput } from '../../../schema/contracts/branding';
import type { TenantResponse } from '../../../schema/contracts/tenant';
import { api } from '../../lib/api';

/** The tenant's white label: read and replaced whole; the tenant read again so the app wears what was saved. */
export const brandingCalls = {
  read: (signal: AbortSignal) => api<Branding>('/admin/branding', { signal }),
  save: (branding: BrandingInput) => api<Branding>('/admin/branding', { method: 'PUT', json: branding }),
  tenant: () => api<TenantResponse>('/tenant'),
};
