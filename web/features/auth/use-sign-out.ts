import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../lib/api';
import { PUSH_SUBSCRIPTION_KEY } from '../../lib/push-worker';
import { dropSessionAtom } from '../../lib/session';

/** Ends the session on the server, forgets it locally and goes to the portal root. */
export function useSignOut() {
  const dropSession = useSetAtom(dropSessionAtom);
  const navigate = useNavigate();
  return useCallback(async () => {
    // Push stops with the session, while the token still authorises removing the subscription; the code loads only
    // for a browser that has one.
    if (localStorage.getItem(PUSH_SUBSCRIPTION_KEY)) await import('../../lib/push-client').then((push) => push.forgetPush()).catch(() => undefined);
    try {
      await api('/auth/sign-out', { method: 'POST', keepSessionOn401: true });
    } catch {
      // Signing out locally must work even when the server is unreachable or the session already ended.
    }
    dropSession();
    await navigate('/');
  }, [navigate, dropSession]);
}
