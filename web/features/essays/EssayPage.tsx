import { ArrowLeft, FileText } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { EssayResponseDoc, LearnerEssayQuestion } from '../../../schema/contracts/essays';
import { statusOf } from '../../lib/errors';
import { cardClass, fieldClass, focusRing, primaryButton, secondaryButton } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import LoadFailure from '../../ui/LoadFailure';
import MathText from '../../ui/math/MathText';
import PageLoading from '../../ui/PageLoading';
import { useToast } from '../../ui/toast/use-toast';
import { essayCalls } from './api';
import EssayResult from './EssayResult';

type Loaded = { status: 'loading' } | { status: 'none' } | { status: 'refused' } | { status: 'error' } | { status: 'ready'; essay: LearnerEssayQuestion };

const letter = (index: number) => String.fromCharCode(97 + index);

/** A learner practises one structured question of a sub topic: answers each part, then sees each part marked. */
export default function EssayPage() {
  const { subTopicId = '' } = useParams();
  const toast = useToast();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [response, setResponse] = useState<EssayResponseDoc | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ status: 'loading' });
    setAnswers({});
    setResponse(null);
    essayCalls
      .random(subTopicId, controller.signal)
      .then((essay) => setLoaded({ status: 'ready', essay }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const status = statusOf(error);
        setLoaded({ status: status === 404 ? 'none' : status === 403 ? 'refused' : 'error' });
      });
    return () => controller.abort();
  }, [subTopicId, attempt]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loaded.status !== 'ready') return;
    setBusy(true);
    try {
      const marked = await essayCalls.mark({
        essayQuestionId: loaded.essay._id,
        answers: loaded.essay.subQuestions.map((p) => ({ subQuestionId: p._id, answer: answers[p._id] ?? '' })),
      });
      setResponse(marked);
      toast.success('Your answers are marked');
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  const back = (
    <button
      type="button"
      onClick={() => window.history.back()}
      className={`inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white ${focusRing}`}
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to the sub topic
    </button>
  );

  if (loaded.status === 'loading') return <PageLoading />;
  if (loaded.status === 'error') return <LoadFailure onRetry={() => setAttempt((n) => n + 1)} />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      {back}
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">Structured question</h1>
      {loaded.status === 'refused' ? (
        <p className="mt-6 text-slate-600 dark:text-slate-300">
          Structured questions are practised by students. Sign in as a student, or as a parent for your child.
        </p>
      ) : loaded.status === 'none' ? (
        <div className="mt-6">
          <EmptyState
            icon={<FileText className="size-6" aria-hidden="true" />}
            title="No structured question is ready yet"
            text="This sub topic has no approved structured questions yet. Try its quiz, or come back later."
          >
            <Link to="/dashboard" className={secondaryButton}>
              Go to my dashboard
            </Link>
          </EmptyState>
        </div>
      ) : (
        <>
          <div className={`${cardClass} mt-6 p-4`}>
            <p className="text-sm text-slate-500 dark:text-slate-400">{loaded.essay.totalMarks} marks in total</p>
            <MathText as="p" text={loaded.essay.stem} className="mt-1 text-slate-900 dark:text-white" />
          </div>
          <form onSubmit={(e) => void submit(e)} className="mt-4 space-y-4">
            {loaded.essay.subQuestions.map((part, i) => (
              <div key={part._id}>
                <label htmlFor={`essay-answer-${part._id}`} className="block font-medium text-slate-900 dark:text-white">
                  ({letter(i)}) <MathText text={part.prompt} />{' '}
                  <span className="text-sm font-normal text-slate-500">
                    ({part.marks} mark{part.marks === 1 ? '' : 's'})
                  </span>
                </label>
                <textarea
                  id={`essay-answer-${part._id}`}
                  rows={4}
                  className={`${fieldClass()} mt-1.5`}
                  value={answers[part._id] ?? ''}
                  readOnly={response !== null}
                  onChange={(e) => setAnswers((a) => ({ ...a, [part._id]: e.target.value }))}
                />
              </div>
            ))}
            <div className="flex flex-wrap gap-2">
              {response === null ? (
                <button type="submit" className={primaryButton} disabled={busy}>
                  {busy ? 'Marking…' : 'Mark my answers'}
                </button>
              ) : (
                <button type="button" className={secondaryButton} onClick={() => setAttempt((n) => n + 1)}>
                  Try another question
                </button>
              )}
            </div>
          </form>
          {response && <EssayResult response={response} />}
        </>
      )}
    </div>
  );
}
