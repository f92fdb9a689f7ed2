import clsx from 'clsx';
import { type EssayResponseDoc, type EssayVerdict, essayVerdictWords } from '../../../schema/contracts/essays';
import HelperBadge from '../../entities/quiz/HelperBadge';
import { cardClass } from '../../ui/classes';
import MathText from '../../ui/math/MathText';

const VERDICT_CHIP: Record<EssayVerdict, string> = {
  CORRECT: 'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-500/10 dark:text-emerald-200 dark:ring-emerald-500/30',
  PARTIAL: 'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-500/10 dark:text-amber-200 dark:ring-amber-500/30',
  INCORRECT: 'bg-rose-50 text-rose-800 ring-rose-200 dark:bg-rose-500/10 dark:text-rose-200 dark:ring-rose-500/30',
};

const letter = (index: number) => String.fromCharCode(97 + index);

/** The marked answer: the total, then each part's verdict, marks and why, with the rubric it was marked against. */
export default function EssayResult({ response }: { response: EssayResponseDoc }) {
  const offline = response.source === 'offline';
  return (
    <section aria-labelledby="essay-result-heading" className="mt-6 space-y-4">
      <div className={`${cardClass} p-4`}>
        <h2 id="essay-result-heading" className="flex flex-wrap items-center text-lg font-semibold text-slate-900 dark:text-white">
          You scored {response.givenMarks} out of {response.totalMarks}
          <HelperBadge source={response.source} />
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {offline
            ? 'The offline helper marked each part by looking for the mark scheme’s key points in your answer, so check its reasons below. Your tutor can change a mark.'
            : 'The AI helper marked each part against the mark scheme below. Your tutor can change a mark.'}
        </p>
      </div>
      <ol className="space-y-3">
        {response.answers.map((answer, i) => {
          const part = response.subQuestions.find((p) => p._id === answer.subQuestionId);
          return (
            <li key={answer.subQuestionId} className={`${cardClass} p-4`} data-testid="essay-part-result">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold text-slate-900 dark:text-white">Part ({letter(i)})</h3>
                <span className={clsx('rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', VERDICT_CHIP[answer.verdict])}>
                  {essayVerdictWords[answer.verdict]}
                </span>
                <span className="text-sm text-slate-600 dark:text-slate-300">
                  {answer.givenMarks} of {answer.maxMarks} marks
                </span>
                {answer.source === 'TUTOR' && <span className="text-xs font-medium text-slate-500">Changed by your tutor</span>}
              </div>
              {part && <MathText as="p" text={part.prompt} className="mt-1 text-sm text-slate-700 dark:text-slate-200" />}
              <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">Your answer: {answer.answer || 'no answer given'}</p>
              <ul className="mt-2 list-disc space-y-0.5 pl-5 text-sm text-slate-700 dark:text-slate-200">
                {answer.analysis.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              {part && (
                <details className="mt-2 text-sm">
                  <summary className="cursor-pointer font-medium text-slate-700 dark:text-slate-200">Mark scheme and model answer</summary>
                  <ul className="mt-1 space-y-0.5 text-slate-600 dark:text-slate-300">
                    {part.markScheme.map((p) => (
                      <li key={p._id}>
                        [{p.marks}] {p.point}
                      </li>
                    ))}
                  </ul>
                  {part.modelAnswer && <MathText as="p" text={`Model answer: ${part.modelAnswer}`} className="mt-1 text-slate-600 dark:text-slate-300" />}
                </details>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
