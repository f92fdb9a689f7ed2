import { ArrowLeft, ArrowRight, Eye, Flag, Lightbulb } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { SubmissionQuestion } from '../../../schema/contracts/quiz';
import HelperBadge from '../../entities/quiz/HelperBadge';
import { primaryButton, secondaryButton } from '../../ui/classes';
import LoadFailure from '../../ui/LoadFailure';
import MathText from '../../ui/math/MathText';
import Spinner from '../../ui/Spinner';
import FinishConfirm from './FinishConfirm';
import QuizResults from './QuizResults';
import QuizTimer from './QuizTimer';
import { ReportIssue } from './ReportIssue';
import { useQuizKeys } from './use-quiz-keys';
import { type PlayerStatuses, type QuestionCall, useQuizPlayer } from './use-quiz-player';

const COUNTDOWN_CHOICES = [5, 10, 20, 30];

export default function QuizPlayerPage() {
  const { submissionId = '' } = useParams();
  const { doc, failed, load, index, offset, save, statuses, question, inProgress, answer, go, finish, help, grade, setCountdown } = useQuizPlayer(submissionId);
  useQuizKeys({ question, inProgress, index, answer, go });
  const [confirming, setConfirming] = useState(0);

  if (failed) return <LoadFailure onRetry={() => void load()} />;
  if (!doc) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center gap-3 text-slate-600 dark:text-slate-300" role="status">
        <Spinner /> Loading your quiz…
      </div>
    );
  }

  const total = doc.questions.length;
  const answered = doc.questions.filter((q) => q.status !== 'UNANSWERED').length;
  return (
    <div className="mx-auto max-w-3xl px-4 pt-8 pb-24 sm:px-6 sm:pt-12">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <p className="text-sm font-semibold text-brand-deep">
            {doc.quiz.topic.subject} · {doc.quiz.subTopic?.name ?? doc.quiz.topic.name}
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">{doc.quiz.title}</h1>
        </div>
        {inProgress && (
          <div className="flex flex-wrap items-center gap-2">
            {doc.isTimerEnabled && doc.timerEnd ? (
              <QuizTimer timerEnd={doc.timerEnd} offsetMs={offset} onExpire={() => void finish()} />
            ) : (
              <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                Countdown
                <select
                  className="rounded-lg border-0 bg-white py-1.5 pr-8 pl-3 text-sm ring-1 ring-slate-300 dark:bg-slate-900 dark:ring-slate-700"
                  defaultValue=""
                  onChange={(e) => e.target.value && void setCountdown(Number(e.target.value))}
                >
                  <option value="">Off</option>
                  {COUNTDOWN_CHOICES.map((m) => (
                    <option key={m} value={m}>
                      {m} minutes
                    </option>
                  ))}
                </select>
              </label>
            )}
          </div>
        )}
      </header>

      {!inProgress ? (
        <div className="mt-8">
          <QuizResults doc={doc} />
        </div>
      ) : question ? (
        <>
          <div className="mt-6 flex items-center justify-between text-sm text-slate-600 dark:text-slate-400">
            <p>
              Question {index + 1} of {total} · {answered} answered
            </p>
            <p role="status" aria-live="polite" data-testid="save-state">
              {save === 'saving'
                ? 'Saving…'
                : save === 'saved'
                  ? 'All answers saved'
                  : save === 'device'
                    ? 'Saved on this device; will send when back online'
                    : ''}
            </p>
          </div>
          <nav aria-label="Questions" className="mt-3 flex flex-wrap gap-1.5">
            {doc.questions.map((q, i) => (
              <button
                key={q._id}
                type="button"
                onClick={() => go(i)}
                aria-current={i === index ? 'step' : undefined}
                aria-label={`Question ${i + 1}${q.status === 'ANSWERED' ? ', answered' : q.status === 'SKIPPED' ? ', skipped' : ''}`}
                className={`size-9 rounded-full text-sm font-semibold ring-1 ring-inset ${i === index ? 'bg-brand text-brand-ink ring-brand' : q.status === 'UNANSWERED' ? 'bg-white text-slate-700 ring-slate-300 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-700' : 'bg-brand/15 text-slate-800 ring-brand/40 dark:text-slate-100'}`}
              >
                {i + 1}
              </button>
            ))}
          </nav>
          <QuestionCard
            question={question}
            number={index + 1}
            statuses={statuses}
            onAnswer={answer}
            onHint={() => void help('hint')}
            onReveal={() => void help('reveal')}
            onGrade={(draft) => void grade(draft)}
          />
          <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
            <button type="button" className={secondaryButton} onClick={() => go(index - 1)} disabled={index === 0}>
              <ArrowLeft className="size-4" aria-hidden="true" /> Previous
            </button>
            {index < total - 1 ? (
              <button type="button" className={primaryButton} onClick={() => go(index + 1)}>
                Next <ArrowRight className="size-4" aria-hidden="true" />
              </button>
            ) : (
              <button
                type="button"
                className={primaryButton}
                onClick={() => (total - answered > 0 ? setConfirming(total - answered) : void finish())}
                disabled={statuses.submitStatus === 'loading'}
              >
                {statuses.submitStatus === 'loading' ? <Spinner className="size-4" /> : <Flag className="size-4" aria-hidden="true" />} Finish quiz
              </button>
            )}
          </div>
          <FinishConfirm
            unanswered={confirming}
            onCancel={() => setConfirming(0)}
            onFinish={() => {
              setConfirming(0);
              void finish();
            }}
          />
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
            <p className="hidden text-xs text-slate-500 sm:block dark:text-slate-400">Keys: 1–4 choose an option, Enter or → next, ← previous.</p>
            <ReportIssue quizId={doc.quiz._id} questionId={question.questionId} number={index + 1} />
          </div>
        </>
      ) : (
        <p className="mt-8 rounded-2xl bg-white p-6 text-slate-600 ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-800">
          This quiz has no questions yet.
        </p>
      )}
    </div>
  );
}

interface CardProps {
  question: SubmissionQuestion;
  number: number;
  statuses: PlayerStatuses;
  onAnswer: (change: { optionId?: string; answer?: string }) => Promise<void>;
  onHint: () => void;
  onReveal: () => void;
  onGrade: (draft: string) => void;
}

/** Whether a call about this question is on its way. */
const loadingFor = (call: QuestionCall, questionId: string) => call.status === 'loading' && call.questionId === questionId;

function QuestionCard({ question: q, number, statuses, onAnswer, onHint, onReveal, onGrade }: CardProps) {
  const [draft, setDraft] = useState(q.answer ?? '');
  useEffect(() => setDraft(q.answer ?? ''), [q.questionId]);
  // What the attempt holds now, read when a pause in typing ends: the text box losing focus (to "Mark my answer")
  // may have saved this text already, and saving it again would only race the mark.
  const held = useRef(q.answer ?? '');
  held.current = q.answer ?? '';
  const saveDraft = (text: string) => text !== held.current && void onAnswer({ answer: text });
  useEffect(() => {
    if (q.kind !== 'OPEN' || draft === held.current) return;
    const id = setTimeout(() => saveDraft(draft), 600);
    return () => clearTimeout(id);
  }, [draft]);
  const revealed = q.status === 'SKIPPED';
  const helping = loadingFor(statuses.aiExplanationStatus, q.questionId);
  const marking = loadingFor(statuses.aiFeedbackStatus, q.questionId);
  return (
    <article className="mt-5 rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:p-6 dark:bg-slate-900 dark:ring-slate-800" aria-labelledby={`q-${q._id}`}>
      <h2 id={`q-${q._id}`} className="text-lg leading-relaxed font-medium text-slate-900 dark:text-white">
        <span className="sr-only">Question {number}: </span>
        <MathText multiline text={q.text} />
      </h2>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        {q.maxMarks} mark{q.maxMarks === 1 ? '' : 's'} · {q.difficulty.toLowerCase()}
      </p>
      {q.kind === 'MCQ' ? (
        <fieldset className="mt-4">
          <legend className="sr-only">Choose one answer</legend>
          <div className="grid gap-2">
            {q.options.map((o, i) => {
              const chosen = q.optionId === o._id;
              const correct = revealed && q.correctOptionId === o._id;
              return (
                <label
                  key={o._id}
                  className={`flex cursor-pointer items-start gap-3 rounded-xl p-3 ring-1 ring-inset transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand ${correct ? 'bg-emerald-50 ring-emerald-400 dark:bg-emerald-500/10' : chosen ? 'bg-brand/10 ring-brand' : 'ring-slate-200 hover:bg-slate-50 dark:ring-slate-700 dark:hover:bg-slate-800'}`}
                >
                  <input type="radio" name={`q-${q._id}`} className="sr-only" checked={chosen} onChange={() => onAnswer({ optionId: o._id })} />
                  <span
                    aria-hidden="true"
                    className="flex size-7 shrink-0 items-center justify-center rounded-full bg-slate-100 text-sm font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200"
                  >
                    {i + 1}
                  </span>
                  <span className="pt-0.5 text-slate-900 dark:text-slate-100">
                    <MathText multiline text={o.text} />
                    {correct && <span className="ml-2 text-sm font-semibold text-emerald-700 dark:text-emerald-300">Correct answer</span>}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ) : (
        <div className="mt-4">
          <label htmlFor={`a-${q._id}`} className="text-sm font-medium text-slate-800 dark:text-slate-200">
            Your answer <span className="font-normal text-slate-500">(write maths between $ signs, e.g. $x^2 + 3x$)</span>
          </label>
          <textarea
            id={`a-${q._id}`}
            rows={4}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={() => saveDraft(draft)}
            className="mt-1 block w-full rounded-xl border-0 bg-white p-3 text-slate-900 ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand dark:bg-slate-950 dark:text-slate-100 dark:ring-slate-700"
          />
          {draft.includes('$') && (
            <p className="mt-2 rounded-lg bg-slate-50 p-2 text-sm text-slate-800 dark:bg-slate-800/60 dark:text-slate-100" aria-label="Preview">
              <MathText multiline text={draft} />
            </p>
          )}
          {!revealed &&
            (q.openAimarking ? (
              <button type="button" className={`mt-3 ${secondaryButton}`} onClick={() => onGrade(draft)} disabled={!draft.trim() || marking}>
                {marking && <Spinner className="size-4" />} Mark my answer
              </button>
            ) : (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400" data-testid="marked-at-finish">
                Your answer is marked when you finish the quiz.
              </p>
            ))}
          {q.score !== null && (
            <div className="mt-3 rounded-xl bg-slate-50 p-3 text-sm dark:bg-slate-800/60" data-testid="open-mark">
              <p className="font-semibold text-slate-900 dark:text-white">
                {q.score}/{q.maxMarks} marks
                <HelperBadge source={q.helperSource} />
              </p>
              <ul className="mt-1 list-disc pl-5 text-slate-700 dark:text-slate-200">
                {q.reasons.map((r) => (
                  <li key={r}>
                    <MathText multiline text={r} />
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
      {q.hint && (
        <div className="mt-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-100" data-testid="hint">
          <p className="font-semibold">
            Hint
            <HelperBadge source={q.hintSource} />
          </p>
          <MathText multiline text={q.hint} />
        </div>
      )}
      {revealed && q.modelAnswer && (
        <div className="mt-4 rounded-xl bg-emerald-50 p-3 text-sm text-emerald-950 dark:bg-emerald-500/10 dark:text-emerald-100" data-testid="revealed-answer">
          <p className="font-semibold">Answer (this question now scores no marks)</p>
          <MathText multiline text={q.modelAnswer} />
          {q.explanation && (
            <p className="mt-2">
              <MathText multiline text={q.explanation} />
            </p>
          )}
        </div>
      )}
      <div className="mt-5 flex flex-wrap gap-2">
        {q.aiHint && (
          <button type="button" className={secondaryButton} onClick={onHint} disabled={Boolean(q.hint) || helping}>
            <Lightbulb className="size-4" aria-hidden="true" /> {q.hint ? 'Hint shown' : 'Get a hint'}
          </button>
        )}
        <button type="button" className={secondaryButton} onClick={onReveal} disabled={revealed || helping}>
          <Eye className="size-4" aria-hidden="true" /> {revealed ? 'Answer shown' : 'Get answer'}
        </button>
      </div>
    </article>
  );
}
