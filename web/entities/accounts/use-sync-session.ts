import { useSetAtom, useStore } from 'jotai';
import { useCallback } from 'react';
import type { UserProfile } from '../../../schema/contracts/profile';
import { sessionAtom } from '../../lib/session';

/** Keeps the stored session's names and settings in step after the profile changed, so the header shows them. */
export function useSyncSession() {
  const store = useStore();
  const setSession = useSetAtom(sessionAtom);
  return useCallback(
    (profile: UserProfile) => {
      const session = store.get(sessionAtom);
      if (!session) return;
      const { user } = session;
      if (profile._id === user._id) {
        const { firstname, lastname, timezone, currency, onboarded } = profile;
        setSession({ ...session, user: { ...user, firstname, lastname, timezone, currency, onboarded } });
      } else if (user.userMapper.some((s) => s._id === profile._id)) {
        const userMapper = user.userMapper.map((s) => (s._id === profile._id ? { ...s, firstname: profile.firstname, lastname: profile.lastname } : s));
        setSession({ ...session, user: { ...user, userMapper } });
      }
    },
    [store, setSession],
  );
}
