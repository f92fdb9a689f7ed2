import { useAtomValue } from 'jotai';
import { ArrowLeft, Pencil } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { percentOf, type SubmissionReview, scoreBand } from '../../../schema/contracts/quiz';
import { attemptTime } from '../../entities/quiz/attempt-time';
import HelperBadge from '../../entities/quiz/HelperBadge';
import { fullName } from '../../lib/people';
import { signedInUserAtom } from '../../lib/session';
import { useResource } from '../../lib/use-resource';
import { useViewerZone } from '../../lib/use-viewer-zone';
import { cardClass, focusRing, smallButton } from '../../ui/classes';
import LoadFailure from '../../ui/LoadFailure';
import MathText from '../../ui/math/MathText';
import NotFoundPage from '../../ui/NotFoundPage';
import PageLoading from '../../ui/PageLoading';
import OverrideMarkForm from './OverrideMarkForm';
import { BandChip } from './review-ui';

type ReviewQuestion = SubmissionReview['questions'][number];

const STATUS_TEXT = { ANSWERED: 'Answered', SKIPPED: 'Skipped (answer revealed)', UNANSWERED: 'Not answered' } as const;

/** After an override the attempt's total is the sum of its marks, as the server re-adds it. */
export function withQuestion(doc: SubmissionReview, saved: Omit<ReviewQuestion, 'rubric'>): SubmissionReview {
  const questions = doc.questions.map((q) => (q._id === saved._id ? { ...saved, rubric: q.rubric } : q));
  const score = questions.reduce((sum, q) => sum + (q.score ?? 0), 0);
  const maxScore = doc.maxScore ?? questions.reduce((sum, q) => sum + q.maxMarks, 0);
  return { ...doc, questions, score, band: scoreBand(percentOf(score, maxScore)) };
}

/** One attempt as a tutor or admin reviews it: each answer, its mark and reasons, the rubric, and the override. */
export default function AttemptReviewPage() {
  const { userId = '', submissionId = '' } = useParams();
  const zone = useViewerZone();
  const isParent = useAtomValue(signedInUserAtom)?.role.name === 'PARENT';
  const back = (useLocation().state as { back?: { to: string; label: string } } | null)?.back ?? {
    to: `/portal/students/${userId}/quizzes`,
    label: 'Quiz attempts',
  };
  const loaded = useResource<SubmissionReview>(`/admin/submissions/${submissionId}`);
  const [doc, setDoc] = useState<SubmissionReview | null>(null);
  const fresh = loaded.status === 'ready' ? loaded.data : null;
  useEffect(() => setDoc(fresh), [fresh]);
  const [overriding, setOverriding] = useState<string | null>(null);

  if (loaded.status === 'loading') return <PageLoading />;
  if (loaded.status === 'missing' || (fresh && fresh.userId !== userId)) return <NotFoundPage />;
  if (loaded.status === 'error') return <LoadFailure onRetry={loaded.retry} />;
  const review = doc ?? loaded.data;
  const completed = review.status === 'COMPLETED';

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <Link
        to={back.to}
        className={`inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white ${focusRing}`}
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {back.label}
      </Link>
      <div className={`${cardClass} mt-3 p-5 sm:p-6`}>
        <p className="text-sm font-medium text-brand-deep dark:text-brand">{fullName(review.learner, 'Learner')}</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{review.quiz.title}</h1>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          {review.quiz.topic.subject} · {review.quiz.subTopic?.name ?? review.quiz.topic.name}
          {review.completedAt && ` · finished ${attemptTime(review.completedAt, zone)}`}
        </p>
        {completed ? (
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <p className="text-3xl font-bold text-slate-900 tabular-nums dark:text-white" data-testid="review-score">
              {review.score ?? 0} / {review.maxScore ?? 0}
            </p>
            <p className="text-slate-600 dark:text-slate-300">{percentOf(review.score ?? 0, review.maxScore ?? 0)}%</p>
            {review.band && <BandChip band={review.band} />}
          </div>
        ) : (
          <p className="mt-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
            This attempt is still in progress.{!isParent && ' Marks can be changed once the quiz is finished.'}
          </p>
        )}
        {review.aiFeedback && (
          <div className="mt-4 rounded-xl bg-slate-50 p-4 text-sm leading-relaxed text-slate-700 dark:bg-slate-800/60 dark:text-slate-200">
            <p className="mb-1 font-semibold text-slate-900 dark:text-white">
              Feedback the learner was given
              <HelperBadge source={review.aiFeedbackSource} />
            </p>
            <p>{review.aiFeedback}</p>
          </div>
        )}
      </div>

      <h2 className="mt-8 text-lg font-semibold text-slate-900 dark:text-white">Answers</h2>
      <ol className="mt-3 space-y-4" data-testid="review-questions">
        {review.questions.map((q, i) => (
          <li key={q._id} className={`${cardClass} p-5`} data-testid="review-question">
            <QuestionReview
              question={q}
              number={i + 1}
              mayOverride={review.mayOverride}
              overriding={overriding === q._id}
              onOverride={() => setOverriding(q._id)}
              form={
                <OverrideMarkForm
                  submissionId={review._id}
                  question={q}
                  onCancel={() => setOverriding(null)}
                  onSaved={(saved) => {
                    setDoc(withQuestion(review, saved));
                    setOverriding(null);
                  }}
                />
              }
            />
          </li>
        ))}
      </ol>
    </div>
  );
}

function QuestionReview({
  question: q,
  number,
  mayOverride,
  overriding,
  onOverride,
  form,
}: {
  question: ReviewQuestion;
  number: number;
  mayOverride: boolean;
  overriding: boolean;
  onOverride: () => void;
  form: React.ReactNode;
}) {
  const chosen = q.options.find((o) => o._id === q.optionId);
  const correct = q.options.find((o) => o._id === q.correctOptionId);
  const full = q.score !== null && q.score >= q.maxMarks;
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <p className="font-medium text-slate-900 dark:text-white">
          <span className="mr-2 text-slate-500">{number}.</span>
          <MathText multiline text={q.text} />
        </p>
        <span
          className={`shrink-0 rounded-full px-2 py-0.5 text-sm font-semibold tabular-nums ${full ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200' : 'bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-200'}`}
          data-testid="question-mark"
        >
          {q.score ?? 0}/{q.maxMarks} <span className="sr-only">marks</span>
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{STATUS_TEXT[q.status]}</p>
      <dl className="mt-3 grid gap-3 text-sm">
        <div>
          <dt className="font-semibold text-slate-700 dark:text-slate-300">Learner's answer</dt>
          <dd className="text-slate-800 dark:text-slate-100">
            {chosen || q.answer ? <MathText multiline text={chosen?.text ?? q.answer ?? ''} /> : <span className="text-slate-500">No answer</span>}
          </dd>
        </div>
        {(correct || q.modelAnswer) && (
          <div>
            <dt className="font-semibold text-slate-700 dark:text-slate-300">Correct answer</dt>
            <dd className="text-slate-800 dark:text-slate-100">
              <MathText multiline text={correct?.text ?? q.modelAnswer ?? ''} />
            </dd>
          </div>
        )}
        {q.reasons.length > 0 && (
          <div>
            <dt className="font-semibold text-slate-700 dark:text-slate-300">
              Why this mark
              {q.markSource === 'TUTOR' ? (
                <span className="ml-2 text-xs font-medium text-brand-deep dark:text-brand">Changed by a tutor</span>
              ) : (
                <HelperBadge source={q.helperSource} />
              )}
              {q.markSource === 'HELPER' && q.helperVersion && <span className="ml-2 text-xs font-normal text-slate-500">rules {q.helperVersion}</span>}
            </dt>
            <dd>
              <ul className="list-disc space-y-0.5 pl-5 text-slate-800 dark:text-slate-100" data-testid="mark-reasons">
                {q.reasons.map((r) => (
                  <li key={r}>
                    <MathText multiline text={r} />
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        {q.rubric.length > 0 && (
          <div>
            <dt className="font-semibold text-slate-700 dark:text-slate-300">Mark scheme it was marked against</dt>
            <dd>
              <ul className="space-y-0.5 text-slate-700 dark:text-slate-200">
                {q.rubric.map((p) => (
                  <li key={p._id}>
                    <span className="mr-1 font-medium tabular-nums">[{p.marks}]</span>
                    <MathText multiline text={p.point} />
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
      {mayOverride &&
        (overriding ? (
          form
        ) : (
          <button type="button" className={`${smallButton} mt-4`} onClick={onOverride}>
            <Pencil className="size-3.5" aria-hidden="true" />
            Override mark
          </button>
        ))}
    </>
  );
}
