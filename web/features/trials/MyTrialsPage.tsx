import { useAtomValue } from 'jotai';
import { Sparkles } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { StudentTrials, Trial } from '../../../schema/contracts/trials';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { browserTimeZone } from '../../lib/choices';
import { signedInUserAtom } from '../../lib/session';
import { badgeClass } from '../../ui/badges';
import { primaryButton } from '../../ui/classes';
import LoadFailure from '../../ui/LoadFailure';
import Spinner from '../../ui/Spinner';
import { trialCalls } from './api';
import { trialsVersionAtom } from './atoms';

const FreeTrialDialog = lazy(() => import('./FreeTrialDialog'));

const statusColour: Record<Trial['status'], string> = {
  SCHEDULED: 'bg-sky-100 text-sky-800 dark:bg-sky-500/15 dark:text-sky-300',
  PENDING: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
  COMPLETED: 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
  SUCCEED: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
  CANCELED: 'bg-rose-100 text-rose-800 dark:bg-rose-500/15 dark:text-rose-300',
};

function TrialList({ title, trials, empty, timeZone }: { title: string; trials: Trial[]; empty: string; timeZone: string }) {
  return (
    <section className="mt-8" aria-labelledby={`trials-${title}`}>
      <h2 id={`trials-${title}`} className="text-lg font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      {trials.length === 0 ? (
        <p className="mt-3 rounded-2xl bg-slate-50 p-5 text-sm text-slate-600 ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-800">
          {empty}
        </p>
      ) : (
        <ul className="mt-3 space-y-3">
          {trials.map((trial) => (
            <li key={trial._id}>
              <Link
                to={`/portal/courses/${trial.courseId}`}
                className="flex flex-col gap-2 rounded-2xl bg-white p-4 ring-1 ring-slate-200 transition hover:ring-brand/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand sm:flex-row sm:items-center sm:justify-between dark:bg-slate-900 dark:ring-slate-800"
              >
                <span>
                  <span className="block font-semibold text-slate-900 dark:text-white">
                    {trial.subject} ({trial.grade})
                  </span>
                  <span className="block text-sm text-slate-600 dark:text-slate-400">
                    {trial.curriculum} · {lessonTime(trial.start, timeZone)}
                    {trial.tutor && ` · with ${trial.tutor.firstname} ${trial.tutor.lastname}`}
                  </span>
                </span>
                <span className={`${badgeClass} w-fit ${statusColour[trial.status]}`}>{trial.status}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A student's (or a parent's, for the student they act for) free trials: upcoming and done. */
export default function MyTrialsPage() {
  const user = useAtomValue(signedInUserAtom);
  const version = useAtomValue(trialsVersionAtom);
  const [trials, setTrials] = useState<StudentTrials | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [booking, setBooking] = useState(false);
  const timeZone = user?.timezone ?? browserTimeZone();

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    trialCalls.mine(controller.signal).then(setTrials, () => {
      if (!controller.signal.aborted) setFailed(true);
    });
    return () => controller.abort();
  }, [version, attempt]);

  if (failed) return <LoadFailure onRetry={() => setAttempt((n) => n + 1)} />;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-semibold text-brand-deep">Free trials</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">My trials</h1>
        </div>
        <button type="button" onClick={() => setBooking(true)} className={primaryButton}>
          <Sparkles className="size-4" aria-hidden="true" />
          Book your FREE Class
        </button>
      </div>
      {trials ? (
        <>
          <TrialList title="Upcoming" trials={trials.upcomingTrials} timeZone={timeZone} empty="No trial classes coming up. Book one to meet a tutor." />
          <TrialList title="Completed" trials={trials.completedTrials} timeZone={timeZone} empty="Trial classes you have had will show here." />
        </>
      ) : (
        <div className="flex justify-center py-16" role="status">
          <Spinner className="size-8" />
          <span className="sr-only">Loading trials</span>
        </div>
      )}
      {booking && (
        <Suspense fallback={null}>
          <FreeTrialDialog onClose={() => setBooking(false)} />
        </Suspense>
      )}
    </div>
  );
}
