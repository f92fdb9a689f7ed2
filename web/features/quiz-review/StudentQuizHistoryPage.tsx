import { useAtomValue } from 'jotai';
import { ArrowLeft, ChevronRight, ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { ListResponse } from '../../../schema/contracts/common';
import type { AttemptSummary, LearnerRef } from '../../../schema/contracts/quiz';
import { attemptTime } from '../../entities/quiz/attempt-time';
import { fullName } from '../../lib/people';
import { signedInUserAtom } from '../../lib/session';
import { useResource } from '../../lib/use-resource';
import { useViewerZone } from '../../lib/use-viewer-zone';
import { cardClass, focusRing } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import LoadFailure from '../../ui/LoadFailure';
import NotFoundPage from '../../ui/NotFoundPage';
import PageLoading from '../../ui/PageLoading';
import { Pager } from '../../ui/Pager';
import { BandChip } from './review-ui';

const PAGE_SIZE = 20;

/** A learner's quiz attempts, latest first, for the admins and tutors who may review them and for the learner's parents. */
export default function StudentQuizHistoryPage() {
  const { userId = '' } = useParams();
  const zone = useViewerZone();
  const isParent = useAtomValue(signedInUserAtom)?.role.name === 'PARENT';
  const back = (useLocation().state as { back?: { to: string; label: string } } | null)?.back;
  const [offset, setOffset] = useState(0);
  const page = useResource<ListResponse<AttemptSummary> & { learner: LearnerRef }>(`/admin/submissions/quizHistory/${userId}`, { limit: PAGE_SIZE, offset });
  if (page.status === 'loading') return <PageLoading />;
  if (page.status === 'missing') return <NotFoundPage />;
  if (page.status === 'error') return <LoadFailure onRetry={page.retry} />;
  const { docs, totalDocs, learner } = page.data;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      {back && (
        <Link
          to={back.to}
          className={`inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white ${focusRing}`}
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {back.label}
        </Link>
      )}
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{fullName(learner, 'Learner')}: quizzes</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        {isParent
          ? 'Open an attempt to see each answer and why it got its mark.'
          : 'Open an attempt to see each answer, why it got its mark, and to change a mark.'}
      </p>
      {docs.length === 0 ? (
        <div className="mt-6">
          <EmptyState
            icon={<ClipboardList className="size-6" aria-hidden="true" />}
            title="No quiz attempts yet"
            text={`${learner.firstname || 'This learner'} has not started a quiz.`}
          />
        </div>
      ) : (
        <ul className={`${cardClass} mt-6 divide-y divide-slate-100 dark:divide-slate-800`} data-testid="attempt-list">
          {docs.map((a) => (
            <li key={a._id}>
              <Link
                to={`/portal/students/${userId}/quizzes/${a._id}`}
                state={{ back: { to: `/portal/students/${userId}/quizzes`, label: `${fullName(learner, 'Learner')}: quizzes` } }}
                className={`flex items-center gap-3 p-4 hover:bg-slate-50 dark:hover:bg-slate-800/60 ${focusRing}`}
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-slate-900 dark:text-white">{a.quizTitle}</span>
                  <span className="text-sm text-slate-500 dark:text-slate-400">
                    {attemptTime(a.createdAt, zone)} · {a.status === 'COMPLETED' ? `${a.score ?? 0} / ${a.maxScore ?? 0}` : 'In progress'}
                  </span>
                </span>
                {a.band && <BandChip band={a.band} />}
                <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pager offset={offset} limit={PAGE_SIZE} total={totalDocs} onOffset={setOffset} />
    </div>
  );
}
