import { useAtom, useSetAtom, useStore } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { statusOf } from '../../lib/errors';
import { adoptStoredSignInAtom, sessionAtom, tokenReadyAtom, userLoadedAtom } from '../../lib/session';
import { fragmentCredentials, requestToken, sessionFromToken } from '../../lib/token-request';
import { useToast } from '../../ui/toast/use-toast';
import { loadStoredUser } from './stored-user';

/**
 * Startup sign-in (spec 1, section 4): a token sign-in from the address fragment, otherwise the stored session,
 * otherwise a guest session. Whenever the session is later dropped (sign-out, 401, failed login) a guest
 * session is fetched again in the background.
 */
export function useSessionBootstrap() {
  const store = useStore();
  const [session, setSession] = useAtom(sessionAtom);
  const setTokenReady = useSetAtom(tokenReadyAtom);
  const [userLoaded, setUserLoaded] = useAtom(userLoadedAtom);
  const adoptStoredSignIn = useSetAtom(adoptStoredSignInAtom);
  const toast = useToast();
  const location = useLocation();
  const navigate = useNavigate();
  // Without a token sign-in in the address there is nothing to wait for (startStoredSession did the rest).
  const [fragmentChecked, setFragmentChecked] = useState(() => fragmentCredentials(location.hash) === null);
  const fragmentStarted = useRef(false);
  const guestPending = useRef(false);

  useEffect(() => {
    if (fragmentStarted.current) return;
    fragmentStarted.current = true;
    const credentials = fragmentCredentials(location.hash);
    if (!credentials) {
      setFragmentChecked(true);
      return;
    }
    // The token must not linger in the address bar or the history.
    navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    requestToken(credentials)
      .then((response) => {
        if (!response) return;
        setSession(sessionFromToken(response));
        setUserLoaded(true);
      })
      // Only a refusal ends the stored session; a request cut off before any answer (the page being left) says nothing.
      .catch((error: unknown) => statusOf(error) !== undefined && setSession(null))
      .finally(() => setFragmentChecked(true));
  }, [location, navigate, setSession, setUserLoaded]);

  useEffect(() => {
    // A sign-in written by another document of this origin after this page read storage must show here too.
    // A write that landed before this listener existed (a link opened while the sign-in page's write was still on
    // its way to this document's storage) raised its event to nobody: look once now as well.
    const follow = () => adoptStoredSignIn();
    window.addEventListener('storage', follow);
    follow();
    return () => window.removeEventListener('storage', follow);
  }, [adoptStoredSignIn]);

  useEffect(() => {
    if (!fragmentChecked) return;
    if (session) {
      setTokenReady(true);
      return;
    }
    if (guestPending.current || adoptStoredSignIn()) return;
    guestPending.current = true;
    requestToken({ type: 'guest' })
      .then((response) => {
        // A sign-in that finished first, on this page or stored by another one meanwhile, wins over the guest session.
        if (response && !store.get(sessionAtom) && !adoptStoredSignIn()) {
          setSession(sessionFromToken(response));
          setUserLoaded(true);
        }
      })
      .catch((error: unknown) => toast.error(error))
      .finally(() => {
        guestPending.current = false;
        setTokenReady(true);
      });
  }, [adoptStoredSignIn, fragmentChecked, session, setSession, setTokenReady, setUserLoaded, store, toast]);

  useEffect(() => {
    if (session && !userLoaded) loadStoredUser(store);
  }, [session, userLoaded, store]);
}
