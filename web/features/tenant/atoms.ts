import { atom } from 'jotai';
import type { TenantResponse } from '../../../schema/contracts/tenant';

/** The tenant this host belongs to, fetched once at startup. */
export const tenantAtom = atom<TenantResponse | null>(null);
export const tenantLoadingAtom = atom(true);

export const tenantNameAtom = atom((get) => get(tenantAtom)?.name ?? 'Studyhall');
export const isPartnerAtom = atom((get) => get(tenantAtom)?.isPartner ?? false);
