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

/** Whether quiz calls are made for a learner: a signed-in student, or a parent acting for one of theirs. */
export const takesQuizzesAtom = atom((get) => {
  const session = get(sessionAtom);
  if (!session || session.user.role.isGuest) return false;
  return session.user.role.name === 'STUDENT' || get(actingForAtom) !== null;
});

/** Where a quiz opens from a list: a learner first sees its about page; anyone else goes where the quiz starts. */
export const quizEntryPath = (quizId: string, takesQuizzes: boolean) => (takesQuizzes ? `/quizzes/${quizId}` : `/startSubmission/${quizId}`);
