import { atom } from 'jotai';
import { atomWithDefault } from 'jotai/utils';
import { clearStoredSession, readStoredSession, type StoredSession, writeStoredSession } from '../../lib/session-storage';

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

/** Startup is done once a token exists (or getting one failed): the loading screen waits for it. */
export const tokenReadyAtom = atom(false);

/** The stored user was refreshed from the API this visit (a fresh token's user counts as loaded). */
export const userLoadedAtom = atom(false);

/** The signed-in person, or null for a guest or no session. */
export const signedInUserAtom = atom((get) => {
  const session = get(sessionAtom);
  return session && !session.user.role.isGuest ? session.user : null;
});
