import { useSetAtom, useStore } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LogInAsUserInput, LogInAsUserResponse } from '../../../schema/contracts/admin-users';
import type { TokenResponse } from '../../../schema/contracts/auth';
import { api } from '../../lib/api';
import { statusOf } from '../../lib/errors';
import { sessionAtom, userLoadedAtom } from '../../lib/session';
import { retireToken } from '../../lib/session-events';
import { storedToken } from '../../lib/session-storage';
import { sessionFromToken } from '../../lib/token-request';
import { impersonationAtom } from './atoms';

/** POST log-in-as-user with the reason (kept in the audit log), then continue as that user on their dashboard. */
export function useLogInAsUser() {
  const store = useStore();
  const setSession = useSetAtom(sessionAtom);
  const setUserLoaded = useSetAtom(userLoadedAtom);
  const setImpersonation = useSetAtom(impersonationAtom);
  const navigate = useNavigate();
  return useCallback(
    async (input: LogInAsUserInput, returnTo: string) => {
      const admin = store.get(sessionAtom);
      const answer = await api<LogInAsUserResponse>('/admin/users/log-in-as-user', { method: 'POST', json: input });
      if (admin) setImpersonation({ admin, impersonator: answer.impersonator, token: answer.access_token, returnTo });
      setSession(sessionFromToken(answer));
      setUserLoaded(true);
      await navigate('/dashboard');
    },
    [store, setSession, setUserLoaded, setImpersonation, navigate],
  );
}

/** Ends the impersonation on the server and continues as the admin, where they left off. */
export function useReturnToAdmin() {
  const store = useStore();
  const setSession = useSetAtom(sessionAtom);
  const setUserLoaded = useSetAtom(userLoadedAtom);
  const setImpersonation = useSetAtom(impersonationAtom);
  const navigate = useNavigate();
  return useCallback(async () => {
    const record = store.get(impersonationAtom);
    const returnTo = record?.returnTo ?? '/portal/admin/users';
    // Calls still out with the acting token will meet its end on the server; they must not sign the admin out.
    retireToken(storedToken());
    try {
      const answer = await api<TokenResponse>('/admin/users/return', { method: 'POST', keepSessionOn401: true });
      setSession(sessionFromToken(answer));
    } catch (error) {
      const status = statusOf(error);
      // The acting session already ended (it expired): the admin's own session may still be good, and the next call says.
      if (!record || (status !== 401 && status !== 403)) throw error;
      setSession(record.admin);
    }
    setImpersonation(null);
    setUserLoaded(true);
    await navigate(returnTo);
  }, [store, setSession, setUserLoaded, setImpersonation, navigate]);
}
