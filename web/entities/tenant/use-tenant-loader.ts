import { useAtom, useSetAtom } from 'jotai';
import { useEffect, useLayoutEffect, useState } from 'react';
import type { TenantResponse } from '../../../schema/contracts/tenant';
import { api } from '../../lib/api';
import { withDeviceCopy } from '../../lib/device-copy';
import { useToast } from '../../ui/toast/use-toast';
import { applyTenantTheme } from './apply-theme';
import { TENANT_COPY, tenantAtom, tenantLoadingAtom } from './atoms';

/** Fetches the tenant once; a failure is reported and the app carries on with the default look. */
export function useTenantLoader() {
  const [known, setTenant] = useAtom(tenantAtom);
  const setLoading = useSetAtom(tenantLoadingAtom);
  const toast = useToast();

  // The copy from the last visit wears its colours from the first frame; the answer below replaces it.
  const [keptTheme] = useState(known);
  useLayoutEffect(() => {
    if (keptTheme?.branding) applyTenantTheme(keptTheme);
  }, [keptTheme]);

  useEffect(() => {
    let live = true;
    // Kept on the device, so an offline start still wears the tenant's name and colours.
    withDeviceCopy(TENANT_COPY, () => api<TenantResponse>('/tenant'), 'device')
      .then(({ value: tenant }) => {
        if (!live) return;
        setTenant(tenant);
        applyTenantTheme(tenant);
      })
      .catch((error: unknown) => live && toast.error(error))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [setTenant, setLoading, toast]);
}
