import { useAtomValue } from 'jotai';
import { sessionAtom } from '../../lib/session';
import { impersonationAtom } from './atoms';
import { impersonatorIdOf } from './impersonation-storage';

/** Who is acting as whom right now, if anyone: from the stored record, or from the token alone after the tab was closed. */
export function useActiveImpersonation() {
  const session = useAtomValue(sessionAtom);
  const record = useAtomValue(impersonationAtom);
  if (!session || session.user.role.isGuest) return null;
  if (record && record.token === session.token) return { user: session.user, impersonator: record.impersonator };
  return impersonatorIdOf(session.token) ? { user: session.user, impersonator: null } : null;
}
