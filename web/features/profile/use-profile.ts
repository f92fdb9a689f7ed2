import { useAtomValue } from 'jotai';
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
