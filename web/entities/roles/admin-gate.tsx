import { useAtomValue } from 'jotai';
import { ShieldOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { hasPermission, type Requirement } from '../../../schema/contracts/permissions';
import { signedInUserAtom } from '../../lib/session';
import { EmptyState } from '../../ui/EmptyState';
import Spinner from '../../ui/Spinner';
import { useAdminPermissions } from './admin-permissions';

/**
 * What an admin page shows instead of itself: a spinner while the admin's permissions load, a sentence saying why
 * not when the role lacks `required`, or null when the page may render.
 */
export function useAdminGate(required: Requirement, noAccess: { title: string; text: string }): ReactNode {
  const user = useAtomValue(signedInUserAtom);
  const permissions = useAdminPermissions();
  if (user?.role.name === 'ADMIN' && !permissions) {
    return (
      <div role="status" className="flex justify-center py-24">
        <Spinner className="size-8" />
      </div>
    );
  }
  if (!hasPermission(permissions, required)) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <EmptyState icon={<ShieldOff className="size-6" aria-hidden="true" />} title={noAccess.title} text={noAccess.text} />
      </div>
    );
  }
  return null;
}
