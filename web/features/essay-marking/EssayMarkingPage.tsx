import { format } from 'date-fns';
import { useAtomValue } from 'jotai';
import { PenLine } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { ListResponse } from '../../../schema/contracts/common';
import type { MarkerEssayResponseDoc } from '../../../schema/contracts/essays';
import { hasPermission } from '../../../schema/contracts/permissions';
import HelperBadge from '../../entities/quiz/HelperBadge';
import { useAdminPermissions } from '../../entities/roles/admin-permissions';
import { signedInUserAtom } from '../../lib/session';
import { cardClass, smallButton } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import LoadFailure from '../../ui/LoadFailure';
import { LoadingStatus } from '../../ui/LoadingStatus';
import { Pager } from '../../ui/Pager';
import { essayMarkingCalls } from './api';
import EssayResponseReview from './EssayResponseReview';

const LIMIT = 20;

/**
 * /portal/essay-answers: learners' structured-question answers for their markers (a tutor's own students, or every
 * learner for an admin who reviews submissions), each opened to read the helper's verdicts and change a mark.
 */
export default function EssayMarkingPage() {
  const user = useAtomValue(signedInUserAtom);
  const permissions = useAdminPermissions();
  const isTutor = user?.role.name === 'TUTOR';
  const mayRead = isTutor || hasPermission(permissions, { submissions: ['view'] });
  const mayMark = isTutor || hasPermission(permissions, { submissions: ['manualAnswer'] });
  const [offset, setOffset] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const [page, setPage] = useState<ListResponse<MarkerEssayResponseDoc> | 'loading' | 'error'>('loading');
  const [openId, setOpenId] = useState<string | null>(null);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    if (!mayRead) return;
    const controller = new AbortController();
    setPage('loading');
    essayMarkingCalls.list({ limit: LIMIT, offset }, controller.signal).then(setPage, () => {
      if (!controller.signal.aborted) setPage('error');
    });
    return () => controller.abort();
  }, [offset, attempt, mayRead]);

  const open = typeof page === 'object' ? page.docs.find((d) => d._id === openId) : undefined;

  if (user?.role.name === 'ADMIN' && !permissions) return <LoadingStatus className="py-24" />;
  if (!mayRead) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <EmptyState
          icon={<PenLine className="size-6" aria-hidden="true" />}
          title="Essay answers are for tutors and markers"
          text="Ask an administrator for the permission to review submissions if you mark learners’ work."
        />
      </div>
    );
  }

  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6" aria-labelledby="essay-answers-heading">
      <h1 id="essay-answers-heading" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        Essay answers
      </h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        {isTutor ? 'Your students’ answers to structured questions, newest first.' : 'Learners’ answers to structured questions, newest first.'}{' '}
        {mayMark ? 'Open one to read the helper’s marks and change any you disagree with.' : 'Open one to read the helper’s marks.'}
      </p>
      <div className="mt-6" aria-busy={page === 'loading'}>
        {page === 'loading' && <LoadingStatus className="py-16" />}
        {page === 'error' && <LoadFailure onRetry={retry} />}
        {typeof page === 'object' && page.docs.length === 0 && (
          <EmptyState
            icon={<PenLine className="size-6" aria-hidden="true" />}
            title="No essay answers yet"
            text={
              isTutor
                ? 'When your students answer a structured question, their answers appear here.'
                : 'When learners answer a structured question, their answers appear here.'
            }
          />
        )}
        {typeof page === 'object' && page.docs.length > 0 && (
          <>
            <ul className={`${cardClass} divide-y divide-slate-200 dark:divide-slate-800`}>
              {page.docs.map((r) => (
                <li key={r._id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900 dark:text-white">
                      {r.learner.name} · {r.subTopic.name}
                    </p>
                    <p className="flex flex-wrap items-center text-sm text-slate-600 dark:text-slate-400">
                      {r.givenMarks} of {r.totalMarks} marks · {format(new Date(r.createdAt), 'd MMM yyyy, HH:mm')}
                      {r.overridden ? <span className="ml-2 text-xs font-medium">Changed by a tutor</span> : <HelperBadge source={r.source} />}
                    </p>
                  </div>
                  <button
                    type="button"
                    className={smallButton}
                    onClick={() => setOpenId(r._id)}
                    aria-label={`Read ${r.learner.name}’s answer on ${r.subTopic.name}`}
                  >
                    Read and mark
                  </button>
                </li>
              ))}
            </ul>
            <div className="mt-4">
              <Pager offset={page.offset} limit={page.limit} total={page.totalDocs} onOffset={setOffset} />
            </div>
          </>
        )}
      </div>
      <Dialog
        open={Boolean(open)}
        onClose={() => setOpenId(null)}
        title={open ? `${open.learner.name}’s answer on ${open.subTopic.name}` : 'Essay answer'}
        wide
      >
        {open && (
          <EssayResponseReview
            response={open}
            mayMark={mayMark}
            onChanged={(doc) =>
              setPage((current) =>
                typeof current === 'object'
                  ? {
                      ...current,
                      docs: current.docs.map((d) => (d._id === doc._id ? { ...d, ...doc, overridden: doc.answers.some((a) => a.source === 'TUTOR') } : d)),
                    }
                  : current,
              )
            }
          />
        )}
      </Dialog>
    </section>
  );
}
