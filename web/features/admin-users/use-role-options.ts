import { useEffect, useState } from 'react';
import { api } from '../../lib/api';

export interface RoleOption {
  _id: string;
  name: string;
}

/** The tenant's active admin roles, for the role pickers; loaded only when `enabled`. */
export function useRoleOptions(enabled: boolean) {
  const [options, setOptions] = useState<RoleOption[] | null>(null);
  useEffect(() => {
    if (!enabled || options) return;
    let live = true;
    api<RoleOption[]>('/admin/roles/dropdown-list')
      .then((rows) => live && setOptions(rows))
      .catch(() => live && setOptions([]));
    return () => {
      live = false;
    };
  }, [enabled, options]);
  return options;
}
