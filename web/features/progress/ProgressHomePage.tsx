import { useAtomValue } from 'jotai';
import { ChevronRight, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { actingForAtom } from '../../entities/accounts/acting';
import { fullName } from '../../lib/people';
import { signedInUserAtom } from '../../lib/session';
import { cardClass, focusRing } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import LoadFailure from '../../ui/LoadFailure';
import NotFoundPage from '../../ui/NotFoundPage';
import PageLoading from '../../ui/PageLoading';
import { progressCalls } from './api';
import { LearnerProgress } from './LearnerProgress';
import { ProgressHeader } from './ProgressHeader';
import { lastActive } from './progress-words';
import { useLoaded } from './use-loaded';

const toDashboard = { to: '/dashboard', label: 'Dashboard' };

/** A parent's children or a tutor's students, each with their totals and a way into their progress. */
function FollowedLearners({ role }: { role: string }) {
  const list = useLoaded((signal) => progressCalls.learners(signal), 'learners');
  if (list.status === 'loading') return <PageLoading />;
  if (list.status === 'missing') return <NotFoundPage />;
  if (list.status === 'error') return <LoadFailure onRetry={list.retry} />;
  const whose = role === 'TUTOR' ? 'Your students' : 'Your children';
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12" data-testid="followed-learners">
      <ProgressHeader back={toDashboard} eyebrow="Progress" title={whose}>
        Open a learner to see their progress in every subject, worked out from finished quizzes and lessons attended.
      </ProgressHeader>
      {list.data.length === 0 ? (
        <div className="mt-8">
          <EmptyState
            icon={<Users className="size-6" aria-hidden="true" />}
            title={role === 'TUTOR' ? 'No students yet' : 'No children linked yet'}
            text={
              role === 'TUTOR'
                ? 'Students enrolled on your courses appear here.'
                : 'Children linked to your account appear here. Ask the team to link your child if one is missing.'
            }
          />
        </div>
      ) : (
        <ul className={`${cardClass} mt-8 divide-y divide-slate-100 dark:divide-slate-800`}>
          {list.data.map(({ learner, attempts, scorePercent, lessonsAttended, lastActivityAt }) => (
            <li key={learner._id}>
              <Link
                to={`/dashboard/progress/${learner._id}`}
                className={`flex items-center gap-3 p-4 hover:bg-slate-50 dark:hover:bg-slate-800/60 ${focusRing}`}
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-slate-900 dark:text-white">{fullName(learner, 'Learner')}</span>
                  <span className="text-sm text-slate-600 dark:text-slate-400">
                    {attempts > 0 ? `${attempts} ${attempts === 1 ? 'quiz' : 'quizzes'}, ${scorePercent}% of the marks` : 'No quizzes yet'} · {lessonsAttended}{' '}
                    {lessonsAttended === 1 ? 'lesson' : 'lessons'} attended · {lastActive(lastActivityAt)}
                  </span>
                </span>
                <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** /dashboard/progress: a learner's own progress (or their child's, for a parent acting for them), else whom the reader follows. */
export default function ProgressHomePage() {
  const user = useAtomValue(signedInUserAtom);
  const actingFor = useAtomValue(actingForAtom);
  if (!user) return null;
  if (actingFor || user.role.name === 'STUDENT') return <LearnerProgress userId={(actingFor ?? user)._id} own back={toDashboard} />;
  if (user.role.name === 'PARENT' || user.role.name === 'TUTOR') return <FollowedLearners role={user.role.name} />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <ProgressHeader back={toDashboard} eyebrow="Progress" title="Progress">
        Progress belongs to students: each student, their parents and their tutors see it here. As an admin, open a student from Users to see theirs.
      </ProgressHeader>
    </div>
  );
}
