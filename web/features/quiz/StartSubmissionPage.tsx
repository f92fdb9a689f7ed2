import { useAtomValue } from 'jotai';
import { Sparkles } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { DEFAULT_LIMITS } from '../../../schema/contracts/quiz';
import { errorToastText, statusOf } from '../../lib/errors';
import { sessionAtom } from '../../lib/session';
import { primaryButton, secondaryButton } from '../../ui/classes';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { playerPath, quizCalls } from './quiz-api';

type Stage = 'starting' | 'offer-trial' | 'failed';

/**
 * /startSubmission/{quizId}: starts (or resumes) the attempt, then goes to the player at its spec URL. A guest
 * without a live trial is offered the 1 day free trial first.
 */
export default function StartSubmissionPage() {
  const { quizId = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const session = useAtomValue(sessionAtom);
  const isGuest = session?.user.role.isGuest ?? false;
  const [stage, setStage] = useState<Stage>('starting');
  const [error, setError] = useState<string | null>(null);
  // A 403 here is a usage limit or an ended trial: premium lifts both.
  const [limited, setLimited] = useState(false);
  // The session the attempt was started (or the trial offered) for: a sign-in that arrives after the guest page was
  // decided (written by another page of this site) starts the quiz for the signed-in person.
  const startedFor = useRef<string | null>(null);

  const start = useCallback(async () => {
    setStage('starting');
    try {
      navigate(playerPath(await quizCalls.createByQuizId(quizId)), { replace: true });
    } catch (e) {
      setLimited(statusOf(e) === 403);
      setError(errorToastText(e));
      setStage('failed');
    }
  }, [quizId, navigate]);

  useEffect(() => {
    // Strict mode runs effects twice in development; one start per session is enough (the server would resume it).
    const token = session?.token ?? null;
    if (startedFor.current === token) return;
    startedFor.current = token;
    if (!isGuest) {
      void start();
      return;
    }
    quizCalls
      .usage()
      .then((usage) => (usage.trial?.active ? start() : setStage('offer-trial')))
      .catch(() => setStage('offer-trial'));
  }, [isGuest, session?.token, start]);

  async function startTrial() {
    setStage('starting');
    try {
      const { message } = await quizCalls.startTrial();
      toast.success(message);
      await start();
    } catch (e) {
      setError(errorToastText(e));
      setStage('failed');
    }
  }

  if (stage === 'offer-trial') {
    return (
      <div className="mx-auto max-w-md px-6 py-16 text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-brand/15 text-brand-deep">
          <Sparkles className="size-7" aria-hidden="true" />
        </span>
        <h1 className="mt-6 text-2xl font-bold text-slate-900 dark:text-white">Try quizzes free for a day</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-300">
          Take up to {DEFAULT_LIMITS.GUEST.quizAttempts} quizzes in the next 24 hours, with hints, answers and marking. No account needed.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <button type="button" className={primaryButton} onClick={() => void startTrial()}>
            Start 1 day free trial
          </button>
          <Link to={`/login?redirect=${encodeURIComponent(`/startSubmission/${quizId}`)}`} className={secondaryButton}>
            Sign in instead
          </Link>
        </div>
      </div>
    );
  }
  if (stage === 'failed') {
    return (
      <div role="alert" className="mx-auto max-w-md px-6 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">This quiz could not start</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-300" data-testid="start-error">
          {error}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to={isGuest ? '/sign-up' : '/dashboard'} className={primaryButton}>
            {isGuest ? 'Create a free account' : 'Back to the dashboard'}
          </Link>
          {limited && (
            <Link to={isGuest ? '/sign-up?plan=premium' : '/subscriptions#premium'} className={secondaryButton}>
              Practise without limits
            </Link>
          )}
        </div>
      </div>
    );
  }
  return (
    <div className="flex min-h-[50vh] items-center justify-center gap-3 text-slate-600 dark:text-slate-300" role="status">
      <Spinner /> Starting your quiz…
    </div>
  );
}
