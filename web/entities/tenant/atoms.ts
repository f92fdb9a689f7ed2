import { atom } from 'jotai';
import { atomWithDefault } from 'jotai/utils';
import type { TenantResponse } from '../../../schema/contracts/tenant';
import { readDeviceCopy } from '../../lib/device-copy';

/** Where the tenant is kept on the device: the same for everyone on this address. */
export const TENANT_COPY = 'tenant';

/**
 * The tenant this host belongs to, fetched once at startup. The copy kept from the last visit counts as known (spec
 * 1 waits for the tenant only while none is), so a reload does not hold the whole app behind this request.
 */
export const tenantAtom = atomWithDefault<TenantResponse | null>(() => readDeviceCopy<TenantResponse>(TENANT_COPY, 'device')?.value ?? null);
export const tenantLoadingAtom = atom(true);

export const tenantNameAtom = atom((get) => get(tenantAtom)?.name ?? 'Studyhall');
export const isPartnerAtom = atom((get) => get(tenantAtom)?.isPartner ?? false);
