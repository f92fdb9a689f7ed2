import { useSetAtom } from 'jotai';
import { startTransition, useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../lib/api';
import { sessionAtom } from './atoms';

/** Ends the session on the server, forgets it locally and goes to the portal root. */
export function useSignOut() {
  const setSession = useSetAtom(sessionAtom);
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await api('/auth/sign-out', { method: 'POST', keepSessionOn401: true });
    } catch {
      // Signing out locally must work even when the server is unreachable or the session already ended.
    }
    // The router renders route changes in a transition; dropping the session in the same transition keeps a
    // guarded page (still on screen while the next page loads) from redirecting to the login page.
    startTransition(() => {
      void navigate('/');
      setSession(null);
    });
  }, [navigate, setSession]);
}
