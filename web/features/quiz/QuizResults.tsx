import { Check, X } from 'lucide-react';
import { Link } from 'react-router-dom';
import { percentOf, type ScoreBand, type SubmissionDoc } from '../../../schema/contracts/quiz';
import HelperBadge from '../../entities/quiz/HelperBadge';
import { primaryButton, secondaryButton } from '../../ui/classes';
import MathText from '../../ui/math/MathText';
import { ExplainStep } from './ExplainStep';
import QuizTrialOffer from './QuizTrialOffer';

const BAND_STYLE: Record<ScoreBand, string> = {
  Revise: 'bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-200',
  Good: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-200',
  'Very Good': 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200',
};

const STATUS_TEXT = { ANSWERED: 'Answered', SKIPPED: 'Skipped (answer revealed)', UNANSWERED: 'Not answered' } as const;

export default function QuizResults({ doc }: { doc: SubmissionDoc }) {
  const score = doc.score ?? 0;
  const max = doc.maxScore ?? 0;
  const percent = percentOf(score, max);
  return (
    <section aria-labelledby="results-title" className="space-y-6">
      <div className="rounded-2xl bg-white p-6 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
        <h2 id="results-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          Your result
        </h2>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p className="text-4xl font-bold text-slate-900 tabular-nums dark:text-white" data-testid="result-score">
            {score} / {max}
          </p>
          <p className="text-lg text-slate-600 dark:text-slate-300">{percent}%</p>
          {doc.band && (
            <span data-testid="result-band" className={`rounded-full px-3 py-1 text-sm font-semibold ${BAND_STYLE[doc.band]}`}>
              {doc.band}
            </span>
          )}
        </div>
        {doc.aiFeedback && (
          <div className="mt-4 rounded-xl bg-slate-50 p-4 text-sm leading-relaxed text-slate-700 dark:bg-slate-800/60 dark:text-slate-200">
            <p className="mb-1 font-semibold text-slate-900 dark:text-white">
              Feedback
              <HelperBadge source={doc.aiFeedbackSource} />
            </p>
            <p data-testid="result-feedback">{doc.aiFeedback}</p>
          </div>
        )}
        <div className="mt-5 flex flex-wrap gap-3">
          <Link to={`/startSubmission/${doc.quiz._id}`} className={primaryButton}>
            Try again
          </Link>
          <Link to="/dashboard" className={secondaryButton}>
            Back to the dashboard
          </Link>
        </div>
      </div>
      <QuizTrialOffer submissionId={doc._id} quiz={{ curriculum: doc.quiz.topic.curriculum, subject: doc.quiz.topic.subject, grade: doc.quiz.grade }} />
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Review</h2>
      <ol className="space-y-4" data-testid="result-review">
        {doc.questions.map((q, i) => {
          const full = q.score !== null && q.score >= q.maxMarks;
          const chosen = q.options.find((o) => o._id === q.optionId);
          return (
            <li key={q._id} className="rounded-2xl bg-white p-5 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
              <div className="flex items-start justify-between gap-3">
                <p className="font-medium text-slate-900 dark:text-white">
                  <span className="mr-2 text-slate-500">{i + 1}.</span>
                  <MathText multiline text={q.text} />
                </p>
                <span
                  className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-sm font-semibold ${full ? BAND_STYLE['Very Good'] : BAND_STYLE.Revise}`}
                >
                  {full ? <Check className="size-4" aria-hidden="true" /> : <X className="size-4" aria-hidden="true" />}
                  {q.score ?? 0}/{q.maxMarks} <span className="sr-only">marks</span>
                </span>
              </div>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{STATUS_TEXT[q.status]}</p>
              <dl className="mt-3 grid gap-2 text-sm">
                {(chosen || q.answer) && (
                  <div>
                    <dt className="font-semibold text-slate-700 dark:text-slate-300">Your answer</dt>
                    <dd className="text-slate-800 dark:text-slate-100">
                      <MathText multiline text={chosen?.text ?? q.answer ?? ''} />
                    </dd>
                  </div>
                )}
                {q.modelAnswer && (
                  <div>
                    <dt className="font-semibold text-slate-700 dark:text-slate-300">Correct answer</dt>
                    <dd className="text-slate-800 dark:text-slate-100">
                      <MathText multiline text={q.modelAnswer} />
                    </dd>
                  </div>
                )}
                {q.explanation && (
                  <div>
                    <dt className="font-semibold text-slate-700 dark:text-slate-300">Explanation</dt>
                    <dd className="text-slate-800 dark:text-slate-100">
                      <MathText multiline text={q.explanation} />
                    </dd>
                  </div>
                )}
                {q.reasons.length > 0 && (
                  <div>
                    <dt className="font-semibold text-slate-700 dark:text-slate-300">
                      Why this mark
                      {q.markSource === 'TUTOR' ? (
                        <span className="ml-2 text-xs font-medium text-brand-deep">Marked by your tutor</span>
                      ) : (
                        <HelperBadge source={q.helperSource} />
                      )}
                    </dt>
                    <dd>
                      <ul className="list-disc space-y-0.5 pl-5 text-slate-800 dark:text-slate-100">
                        {q.reasons.map((r) => (
                          <li key={r}>
                            <MathText multiline text={r} />
                          </li>
                        ))}
                      </ul>
                    </dd>
                  </div>
                )}
              </dl>
              <ExplainStep submissionId={doc._id} questionId={q.questionId} />
            </li>
          );
        })}
      </ol>
    </section>
  );
}
