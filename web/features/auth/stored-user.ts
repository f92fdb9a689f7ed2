import { getDefaultStore } from 'jotai';
import type { AuthUserResponse } from '../../../schema/contracts/auth';
import { api, Unreachable } from '../../lib/api';
import { errorToastText, statusOf } from '../../lib/errors';
import { sessionAtom, tokenReadyAtom, userLoadedAtom } from '../../lib/session';
import { fragmentCredentials } from '../../lib/token-request';
import { pushToastAtom } from '../../ui/toast-atoms';

type Store = ReturnType<typeof getDefaultStore>;

/** Stores whose user is being asked for, so the start-up call and the bootstrap's effect send one request. */
const asking = new WeakSet<Store>();

/**
 * Refreshes the signed-in (or guest) user's data from the server; spec 1 keeps the loading screen up until it is
 * loaded. Offline the stored user stands.
 */
export function loadStoredUser(store: Store) {
  const session = store.get(sessionAtom);
  if (!session || store.get(userLoadedAtom) || asking.has(store)) return;
  asking.add(store);
  api<AuthUserResponse>('/user/authUser')
    .then(({ actingFor: _actingFor, ...user }) => {
      const current = store.get(sessionAtom);
      if (current?.token === session.token) store.set(sessionAtom, { ...current, user });
    })
    // A 401 has already ended the session and gone to the portal root. Offline, the stored user stands and the
    // header says the app is offline: no toast.
    .catch((error: unknown) => {
      if (statusOf(error) !== 401 && !(error instanceof Unreachable)) store.set(pushToastAtom, { kind: 'error', text: errorToastText(error) });
    })
    .finally(() => {
      asking.delete(store);
      store.set(userLoadedAtom, true);
    });
}

/**
 * Before the app's first render: a session the browser holds is a token ready at once, and its user is asked for
 * now, beside React's start-up. A reload that finds the answer in (at once, offline) renders the page, not the
 * loading screen. A token sign-in in the address replaces the stored session first, so it waits for that.
 */
export function startStoredSession(hash: string, store: Store = getDefaultStore()) {
  if (!store.get(sessionAtom) || fragmentCredentials(hash)) return;
  store.set(tokenReadyAtom, true);
  loadStoredUser(store);
}
