import { useAtom, useSetAtom } from 'jotai';
import { useEffect, useLayoutEffect, useState } from 'react';
import type { TenantResponse } from '../../../schema/contracts/tenant';
import { api } from '../../lib/api';
import { withDeviceCopy } from '../../lib/device-copy';
import { useToast } from '../../ui/toast/use-toast';
import { TENANT_COPY, tenantAtom, tenantLoadingAtom } from './atoms';

/** A partner's colours replace the default teal through the variables styles.css reads. */
function applyTenantTheme(tenant: TenantResponse) {
  const root = document.documentElement.style;
  root.setProperty('--tenant-primary', tenant.theme.primary);
  root.setProperty('--tenant-primary-dark', tenant.theme.primaryDark);
}

/** Fetches the tenant once; a failure is reported and the app carries on with the default look. */
export function useTenantLoader() {
  const [known, setTenant] = useAtom(tenantAtom);
  const setLoading = useSetAtom(tenantLoadingAtom);
  const toast = useToast();

  // The copy from the last visit wears its colours from the first frame; the answer below replaces it.
  const [keptTheme] = useState(known);
  useLayoutEffect(() => {
    if (keptTheme) applyTenantTheme(keptTheme);
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
