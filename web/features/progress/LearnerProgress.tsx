import { ChartNoAxesColumn } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { ProgressDoc } from '../../../schema/contracts/progress';
import { fullName } from '../../lib/people';
import { cardClass, focusRing, secondaryButton } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import LoadFailure from '../../ui/LoadFailure';
import NotFoundPage from '../../ui/NotFoundPage';
import PageLoading from '../../ui/PageLoading';
import { progressCalls } from './api';
import { ProgressBars } from './ProgressBars';
import { ProgressHeader } from './ProgressHeader';
import { lastActive, progressDetail } from './progress-words';
import { useLoaded } from './use-loaded';
import { WeeklyChart } from './WeeklyChart';

/** Every week of every subject added up, for the learner's overall chart. */
function allWeeks(doc: ProgressDoc) {
  const first = doc.subjects[0]?.weeks ?? [];
  return first.map((w, i) => {
    const same = doc.subjects.map((s) => s.weeks[i]!).filter((x) => x.attempts > 0);
    const attempts = same.reduce((n, x) => n + x.attempts, 0);
    const scored = same.filter((x) => x.scorePercent !== null);
    return {
      week: w.week,
      attempts,
      scorePercent: scored.length ? Math.round(scored.reduce((n, x) => n + (x.scorePercent ?? 0) * x.attempts, 0) / attempts) : null,
    };
  });
}

/**
 * One learner's progress: a chart per curriculum with a bar per subject, the weeks' scores, and each subject's page.
 * `own` is the learner (or the parent acting for them) looking at their own; `back` leads to where the reader came from.
 */
export function LearnerProgress({ userId, own, back }: { userId: string; own: boolean; back: { to: string; label: string } }) {
  const doc = useLoaded((signal) => progressCalls.progress(userId, signal), userId);
  if (doc.status === 'loading') return <PageLoading />;
  if (doc.status === 'missing') return <NotFoundPage />;
  if (doc.status === 'error') return <LoadFailure onRetry={doc.retry} />;
  const { learner, curricula, subjects } = doc.data;
  const name = fullName(learner, 'Learner');
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12" data-testid="learner-progress">
      <ProgressHeader back={back} eyebrow="Progress" title={own ? 'Your progress' : `${name}: progress`}>
        Worked out from finished quizzes and lessons attended. A bar shows how much of a subject is mastered; the tick shows the share of the marks scored.
      </ProgressHeader>
      {subjects.length === 0 ? (
        <div className="mt-8">
          <EmptyState
            icon={<ChartNoAxesColumn className="size-6" aria-hidden="true" />}
            title="No progress yet"
            text={
              own
                ? 'Finish a quiz or attend a lesson and your progress shows here, subject by subject.'
                : `${learner.firstname || 'This learner'} has not finished a quiz or attended a lesson yet.`
            }
          >
            {own && (
              <Link to="/" className={secondaryButton}>
                Find a subject to practise
              </Link>
            )}
          </EmptyState>
        </div>
      ) : (
        <div className="mt-8 grid gap-6 lg:grid-cols-5">
          <div className="space-y-6 lg:col-span-3">
            {curricula.map((c) => (
              <section key={c._id} className={`${cardClass} p-5 sm:p-6`} aria-labelledby={`curriculum-${c._id}`}>
                <div className="flex items-baseline justify-between gap-3">
                  <h2 id={`curriculum-${c._id}`} className="text-lg font-semibold text-slate-900 dark:text-white">
                    {c.curriculumId.name}
                  </h2>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    <span className="font-semibold text-slate-900 tabular-nums dark:text-white">{c.percent}%</span> overall
                  </p>
                </div>
                <div className="mt-5">
                  <ProgressBars
                    title={`${c.curriculumId.name}: progress by subject`}
                    bars={c.subjects.map((s) => ({
                      key: s.subjectId,
                      label: s.subject,
                      percent: s.percent,
                      scorePercent: s.scorePercent,
                      detail: progressDetail(s),
                      to: `/dashboard/progress/${learner._id}/${s.subjectId}`,
                    }))}
                  />
                </div>
              </section>
            ))}
          </div>
          <aside className="space-y-6 lg:col-span-2">
            <section className={`${cardClass} p-5 sm:p-6`}>
              <WeeklyChart title="Marks scored, week by week" weeks={allWeeks(doc.data)} />
            </section>
            <section className={`${cardClass} p-5 sm:p-6`}>
              <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Subjects</h2>
              <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
                {subjects.map((s) => (
                  <li key={s.subjectId}>
                    <Link
                      to={`/dashboard/progress/${learner._id}/${s.subjectId}`}
                      className={`flex items-center justify-between gap-3 rounded py-2.5 text-sm hover:text-brand-deep ${focusRing}`}
                    >
                      <span className="min-w-0">
                        <span className="block truncate font-medium text-slate-900 dark:text-white">{s.subject}</span>
                        <span className="text-xs text-slate-500 dark:text-slate-400">
                          {s.curriculum} · {lastActive(s.lastActivityAt)}
                        </span>
                      </span>
                      <span className="shrink-0 font-semibold tabular-nums">{s.percent}%</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          </aside>
        </div>
      )}
    </div>
  );
}
