import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import type { UserProfile } from '../../../schema/contracts/profile';
import { sessionAtom } from '../../lib/session';
import { useToast } from '../../ui/toast/use-toast';
import { profileCalls } from './api';

export type ProfileLoad = { state: 'loading' } | { state: 'ready'; profile: UserProfile } | { state: 'failed' };

/** The acting user's profile (a parent acting for a student sees the student's), and a way to replace it. */
export function useProfile() {
  const session = useAtomValue(sessionAtom);
  const userId = session?.actingUserId;
  const [load, setLoad] = useState<ProfileLoad>({ state: 'loading' });
  const toast = useToast();

  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    profileCalls
      .get(userId, controller.signal)
      .then((profile) => setLoad({ state: 'ready', profile }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({ state: 'failed' });
        toast.error(error);
      });
    return () => controller.abort();
  }, [userId, toast]);

  const update = useCallback((change: (profile: UserProfile) => UserProfile) => {
    setLoad((current) => (current.state === 'ready' ? { state: 'ready', profile: change(current.profile) } : current));
  }, []);

  return { load, update };
}

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
