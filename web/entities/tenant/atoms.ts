import { atom } from 'jotai';
import { atomWithDefault } from 'jotai/utils';
import type { PublicBranding } from '../../../schema/contracts/branding';
import type { TenantResponse } from '../../../schema/contracts/tenant';
import { readDeviceCopy } from '../../lib/device-copy';

/** Where the tenant is kept on the device: the same for everyone on this address. */
export const TENANT_COPY = 'tenant';

/** The tenant the Worker wrote into the page it served (worker/lib/branding/app-files.ts), or null in a page without it. */
function tenantInPage(): TenantResponse | null {
  const text = typeof document === 'undefined' ? null : document.getElementById('tenant-data')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as TenantResponse;
  } catch {
    return null;
  }
}

/**
 * The tenant this host belongs to: the copy in the served page first, then the one kept from the last visit, and
 * fetched once at startup. Either copy counts as known (spec 1 waits for the tenant only while none is), so a reload
 * does not hold the whole app behind this request.
 */
export const tenantAtom = atomWithDefault<TenantResponse | null>(() => tenantInPage() ?? readDeviceCopy<TenantResponse>(TENANT_COPY, 'device')?.value ?? null);
export const tenantLoadingAtom = atom(true);

export const tenantNameAtom = atom((get) => get(tenantAtom)?.name ?? '');
export const isPartnerAtom = atom((get) => get(tenantAtom)?.isPartner ?? false);
/** The tenant's look, words and contacts; null only until the tenant is known. */
export const brandingAtom = atom<PublicBranding | null>((get) => get(tenantAtom)?.branding ?? null);
