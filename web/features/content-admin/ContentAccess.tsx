import { useAtomValue } from 'jotai';
import { ShieldOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useAdminPermissions, useCan } from '../../entities/roles/admin-permissions';
import { signedInUserAtom } from '../../lib/session';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingStatus } from '../../ui/LoadingStatus';

/** The content screens for those whose role grants content or the question bank; others are told why not. */
export default function ContentAccess({ children }: { children: ReactNode }) {
  const user = useAtomValue(signedInUserAtom);
  const permissions = useAdminPermissions();
  const can = useCan();
  if (user?.role.name === 'ADMIN' && !permissions) {
    return <LoadingStatus className="py-24" />;
  }
  if (!can({ adminContent: ['view'], questionBank: ['view'] })) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <EmptyState
          icon={<ShieldOff className="size-6" aria-hidden="true" />}
          title="No access to learning content"
          text="Your account does not include managing topics or questions. Ask an admin who has it."
        />
      </div>
    );
  }
  return children;
}
