import { atom, useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { hasPermission, type PermissionMap, type Requirement } from '../../../schema/contracts/permissions';
import type { AdminSettingsPermissions } from '../../../schema/contracts/roles';
import { api } from '../../lib/api';
import { sessionAtom } from '../../lib/session';

/** The signed-in admin's effective map, remembered per token so a new session (or returning from acting) refetches. */
const grantedAtom = atom<{ token: string; permissions: PermissionMap } | null>(null);

const inFlight = new Map<string, Promise<PermissionMap>>();

function fetchPermissions(token: string) {
  let pending = inFlight.get(token);
  if (!pending) {
    pending = api<AdminSettingsPermissions>('/admin/settings/permissions')
      .then((answer) => answer.permissions)
      // Showing nothing is the safe answer; the server refuses anything not granted anyway.
      .catch(() => ({}))
      .finally(() => inFlight.delete(token));
    inFlight.set(token, pending);
  }
  return pending;
}

/** What the admin may do here (to hide what they may not), or null for non-admins and while it loads. */
export function useAdminPermissions(): PermissionMap | null {
  const session = useAtomValue(sessionAtom);
  const [granted, setGranted] = useAtom(grantedAtom);
  const token = session?.user.role.name === 'ADMIN' ? session.token : null;
  useEffect(() => {
    if (!token || granted?.token === token) return;
    let live = true;
    void fetchPermissions(token).then((permissions) => {
      if (live) setGranted({ token, permissions });
    });
    return () => {
      live = false;
    };
  }, [token, granted, setGranted]);
  return token && granted?.token === token ? granted.permissions : null;
}

/** `can({roles: ['edit']})` with the spec's any-shared-action rule; false until the map has loaded. */
export function useCan() {
  const permissions = useAdminPermissions();
  return (required: Requirement) => hasPermission(permissions, required);
}

/** After a role changes, the admin's own map may have changed with it; the old map stays until the new one is in. */
export function useRefreshAdminPermissions() {
  const session = useAtomValue(sessionAtom);
  const setGranted = useSetAtom(grantedAtom);
  return () => {
    const token = session?.token;
    if (!token) return;
    void fetchPermissions(token).then((permissions) => setGranted({ token, permissions }));
  };
}
