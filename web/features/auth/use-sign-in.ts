import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { statusOf } from '../../lib/errors';
import { sessionAtom, userLoadedAtom } from '../../lib/session';
import { requestToken, sessionFromToken } from '../../lib/token-request';

/** Signs in with email and password; a failed login clears the stored token and user (spec 1, section 4). */
export function useSignIn() {
  const setSession = useSetAtom(sessionAtom);
  const setUserLoaded = useSetAtom(userLoadedAtom);
  return useCallback(
    async (email: string, password: string) => {
      try {
        const response = await requestToken({ type: 'login', username: email, password });
        if (!response) {
          setSession(null);
          throw new Error('Enter your email and password.');
        }
        const session = sessionFromToken(response);
        setSession(session);
        setUserLoaded(true);
        return session;
      } catch (error) {
        // A refused login ends the old session; one cut off before any answer (the page being left) must not.
        if (statusOf(error) !== undefined) setSession(null);
        throw error;
      }
    },
    [setSession, setUserLoaded],
  );
}
