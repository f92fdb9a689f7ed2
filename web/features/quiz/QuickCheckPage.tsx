import { ClipboardCheck, PlayCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { AssessCheck } from '../../../schema/contracts/quiz';
import { errorMessageText } from '../../lib/errors';
import { fieldClass, primaryButton, secondaryButton } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import LoadFailure from '../../ui/LoadFailure';
import NotFoundPage from '../../ui/NotFoundPage';
import PageLoading from '../../ui/PageLoading';
import QuickCheckQuestion from './QuickCheckQuestion';
import { checkSummary, chosenAnswers, type Difficulty, difficultyChoices, emptyText } from './quick-check';
import { quizCalls } from './quiz-api';
import { useQuickCheck } from './use-quick-check';

type Checking = { status: 'idle' } | { status: 'checking' } | { status: 'checked'; check: AssessCheck } | { status: 'failed'; message: string };

/**
 * /quick-check/{subTopicId}: a few of the sub topic's questions to see what the learner already knows. Choices are
 * checked on request and written answers marked where the author allows; nothing is saved and no allowance is used.
 */
export default function QuickCheckPage() {
  const { subTopicId = '' } = useParams();
  const levelId = useId();
  const [difficulty, setDifficulty] = useState<Difficulty | ''>('');
  const state = useQuickCheck(subTopicId, difficulty);
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [checking, setChecking] = useState<Checking>({ status: 'idle' });

  if (state.status === 'missing') return <NotFoundPage />;
  if (state.status === 'error') return <LoadFailure onRetry={state.retry} />;
  if (state.status === 'refused') {
    return (
      <div role="alert" className="mx-auto max-w-md px-6 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Quick checks are for learners</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-300">{state.message}</p>
      </div>
    );
  }

  const questions = state.status === 'ready' ? state.questions : [];
  const multipleChoice = questions.filter((q) => q.kind === 'MCQ').length;
  const answers = chosenAnswers(questions, choices);
  const results = checking.status === 'checked' ? checking.check.results : [];

  function choose(questionId: string, optionId: string) {
    setChoices((now) => ({ ...now, [questionId]: optionId }));
    // A changed choice is not the one that was checked.
    if (checking.status === 'checked') setChecking({ status: 'idle' });
  }

  async function check() {
    setChecking({ status: 'checking' });
    try {
      setChecking({ status: 'checked', check: await quizCalls.checkAssess(subTopicId, answers) });
    } catch (error) {
      setChecking({ status: 'failed', message: errorMessageText(error) });
    }
  }

  function changeLevel(value: Difficulty | '') {
    setDifficulty(value);
    setChoices({});
    setChecking({ status: 'idle' });
  }

  const subTopic = state.status === 'ready' ? state.subTopic : null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <p className="text-sm font-medium text-slate-500 dark:text-slate-400">{subTopic ? `Quick check · ${subTopic.topic.name}` : 'Quick check'}</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight break-words text-slate-900 sm:text-4xl dark:text-white">{subTopic?.name ?? 'Quick check'}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">
        A few questions to see what you already know. Nothing is saved, and it does not count towards this month’s quizzes.
      </p>
      <div className="mt-5 max-w-xs">
        <label htmlFor={levelId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
          Level
        </label>
        <select id={levelId} value={difficulty} onChange={(e) => changeLevel(e.target.value as Difficulty | '')} className={`mt-1 ${fieldClass()}`}>
          {difficultyChoices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </div>

      <div className="mt-6">
        {state.status === 'loading' ? (
          <PageLoading />
        ) : questions.length === 0 ? (
          <EmptyState icon={<ClipboardCheck className="size-6" aria-hidden="true" />} title="Nothing to check yet" text={emptyText(difficulty)} />
        ) : (
          <ol className="grid gap-4" data-testid="quick-check-questions">
            {questions.map((q, i) => (
              <QuickCheckQuestion
                key={q._id}
                q={q}
                number={i + 1}
                choice={choices[q._id]}
                onChoose={(optionId) => choose(q._id, optionId)}
                correct={results.find((r) => r.questionId === q._id)?.correct}
              />
            ))}
          </ol>
        )}
      </div>

      {multipleChoice > 0 && (
        <div className="mt-6">
          <button type="button" className={primaryButton} disabled={answers.length === 0 || checking.status === 'checking'} onClick={() => void check()}>
            {checking.status === 'checking' ? 'Checking…' : 'Check my answers'}
          </button>
          {answers.length === 0 && <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">Choose an answer to at least one question to check it.</p>}
          {checking.status === 'checked' && (
            <p role="status" className="mt-3 font-medium text-slate-800 dark:text-slate-100" data-testid="check-summary">
              {checkSummary(checking.check, multipleChoice)}
            </p>
          )}
          {checking.status === 'failed' && (
            <p role="alert" className="mt-3 text-sm text-rose-700 dark:text-rose-300">
              {checking.message}
            </p>
          )}
        </div>
      )}

      {subTopic && (
        <div className="mt-8 flex flex-wrap gap-3">
          {subTopic.quizId && (
            <Link to={`/quizzes/${subTopic.quizId}`} className={secondaryButton}>
              <PlayCircle className="size-4" aria-hidden="true" />
              About the quiz
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
