import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { sessionAtom, userLoadedAtom } from '../../lib/session';
import { requestToken, sessionFromToken } from './token-request';

/** Signs in with email and password; a failed login clears the stored token and user (spec 1, section 4). */
export function useSignIn() {
  const setSession = useSetAtom(sessionAtom);
  const setUserLoaded = useSetAtom(userLoadedAtom);
  return useCallback(
    async (email: string, password: string) => {
      try {
        const response = await requestToken({ type: 'login', username: email, password });
        if (!response) throw new Error('Enter your email and password.');
        const session = sessionFromToken(response);
        setSession(session);
        setUserLoaded(true);
        return session;
      } catch (error) {
        setSession(null);
        throw error;
      }
    },
    [setSession, setUserLoaded],
  );
}
