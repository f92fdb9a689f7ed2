import { atom } from 'jotai';
import { atomWithDefault } from 'jotai/utils';
import { clearStoredSession, readStoredSession, type StoredSession, writeStoredSession } from './session-storage';

export type Session = StoredSession;

const storedSessionAtom = atomWithDefault<Session | null>(() => readStoredSession());

/** The current session; writing it also writes (or clears) the browser's copy that the API client reads. */
export const sessionAtom = atom(
  (get) => get(storedSessionAtom),
  (_get, set, next: Session | null) => {
    if (next) writeStoredSession(next);
    else clearStoredSession();
    set(storedSessionAtom, next);
  },
);

/**
 * Takes a signed-in session the browser holds, if this page does not show it yet; true when there is one. Another
 * document of this origin (the page a person signed in on, another tab) may have written it after this page read
 * storage, and a stored session must win over a guest one.
 */
export const adoptStoredSignInAtom = atom(null, (get, set) => {
  const stored = readStoredSession();
  if (!stored || stored.user.role.isGuest) return false;
  if (get(storedSessionAtom)?.token !== stored.token) set(storedSessionAtom, stored);
  return true;
});

/** Startup is done once a token exists (or getting one failed): the loading screen waits for it. */
export const tokenReadyAtom = atom(false);

/** The stored user was refreshed from the API this visit (a fresh token's user counts as loaded). */
export const userLoadedAtom = atom(false);

/** The signed-in person, or null for a guest or no session. */
export const signedInUserAtom = atom((get) => {
  const session = get(sessionAtom);
  return session && !session.user.role.isGuest ? session.user : null;
});

/**
 * Set from the moment a session ends (sign-out, a 401) until the portal root is on screen. The router commits route
 * changes in a transition, so a guarded page can still be showing when the session is already gone: it must follow
 * to the portal root (spec 1, section 8), not send the person to the login page.
 */
export const sessionEndingAtom = atom(false);

/** Ends the session locally: marks it as ending first, so guarded pages know where to go. */
export const dropSessionAtom = atom(null, (_get, set) => {
  set(sessionEndingAtom, true);
  set(sessionAtom, null);
});
