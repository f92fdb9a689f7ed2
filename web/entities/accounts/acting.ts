import { atom } from 'jotai';
import type { UserSummary } from '../../../schema/contracts/auth';
import { sessionAtom } from '../../lib/session';

/**
 * The linked student a parent is acting for, or null when acting for themselves. Only students in the signed-in
 * user's own userMapper count, so a stale stored id can never make the app claim to act for someone else.
 */
export const actingForAtom = atom<UserSummary | null>((get) => {
  const session = get(sessionAtom);
  if (!session || session.actingUserId === session.user._id) return null;
  return session.user.userMapper.find((student) => student._id === session.actingUserId) ?? null;
});

/** Sets whom later calls act for (sent as x-user-id); the parent's own id switches back. */
export const actAsAtom = atom(null, (get, set, userId: string) => {
  const session = get(sessionAtom);
  if (session && session.actingUserId !== userId) set(sessionAtom, { ...session, actingUserId: userId });
});
