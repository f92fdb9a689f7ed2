import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorToastText } from '../../lib/errors';
import { primaryButton } from '../../ui/classes';
import Spinner from '../../ui/Spinner';
import { playerPath, quizCalls } from './quiz-api';

/** /startSubmission/{quizId}: starts (or resumes) the attempt, then goes to the player at its spec URL. */
export default function StartSubmissionPage() {
  const { quizId = '' } = useParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Strict mode runs effects twice in development; one start is enough (the server would resume it anyway).
    if (started.current) return;
    started.current = true;
    quizCalls
      .createByQuizId(quizId)
      .then((doc) => navigate(playerPath(doc), { replace: true }))
      .catch((e: unknown) => setError(errorToastText(e)));
  }, [quizId, navigate]);

  if (error) {
    return (
      <div role="alert" className="mx-auto max-w-md px-6 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">This quiz could not start</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-300" data-testid="start-error">
          {error}
        </p>
        <Link to="/dashboard" className={`mt-8 ${primaryButton}`}>
          Back to the dashboard
        </Link>
      </div>
    );
  }
  return (
    <div className="flex min-h-[50vh] items-center justify-center gap-3 text-slate-600 dark:text-slate-300" role="status">
      <Spinner /> Starting your quiz…
    </div>
  );
}
