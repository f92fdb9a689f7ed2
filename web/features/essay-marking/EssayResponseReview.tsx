import clsx from 'clsx';
import { useState } from 'react';
import { type EssayResponseDoc, type EssayVerdict, essayVerdictWords, type MarkerEssayResponseDoc } from '../../../schema/contracts/essays';
import HelperBadge from '../../entities/quiz/HelperBadge';
import { smallButton } from '../../ui/classes';
import MathText from '../../ui/math/MathText';
import EssayOverrideForm from './EssayOverrideForm';

const VERDICT_CHIP: Record<EssayVerdict, string> = {
  CORRECT: 'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-500/10 dark:text-emerald-200 dark:ring-emerald-500/30',
  PARTIAL: 'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-500/10 dark:text-amber-200 dark:ring-amber-500/30',
  INCORRECT: 'bg-rose-50 text-rose-800 ring-rose-200 dark:bg-rose-500/10 dark:text-rose-200 dark:ring-rose-500/30',
};

const letter = (index: number) => String.fromCharCode(97 + index);

/** One learner's marked answer as the marker reads it: each part's answer, the helper's verdict and reasons, and a way to change the mark. */
export default function EssayResponseReview({
  response,
  mayMark,
  onChanged,
}: {
  response: MarkerEssayResponseDoc;
  mayMark: boolean;
  onChanged: (doc: EssayResponseDoc) => void;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <div className="space-y-4">
      <div>
        <MathText as="p" text={response.stem} className="text-slate-800 dark:text-slate-100" />
        <p className="mt-2 flex flex-wrap items-center text-sm text-slate-600 dark:text-slate-300">
          {response.givenMarks} of {response.totalMarks} marks, marked by the
          <HelperBadge source={response.source} />
        </p>
        {response.source === 'offline' && (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            The offline helper looked for the mark scheme’s key points, so read its reasons before you trust a mark.
          </p>
        )}
      </div>
      <ol className="space-y-3">
        {response.answers.map((answer, i) => {
          const part = response.subQuestions.find((p) => p._id === answer.subQuestionId);
          return (
            <li key={answer.subQuestionId} className="rounded-xl p-3 ring-1 ring-slate-200 dark:ring-slate-800" data-testid="marker-part">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold text-slate-900 dark:text-white">Part ({letter(i)})</h3>
                <span className={clsx('rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', VERDICT_CHIP[answer.verdict])}>
                  {essayVerdictWords[answer.verdict]}
                </span>
                <span className="text-sm text-slate-600 dark:text-slate-300">
                  {answer.givenMarks} of {answer.maxMarks} marks
                </span>
                {answer.source === 'TUTOR' ? (
                  <span className="text-xs font-medium text-slate-500 dark:text-slate-400">Changed by a tutor</span>
                ) : (
                  <HelperBadge source={answer.source} />
                )}
              </div>
              {part && <MathText as="p" text={part.prompt} className="mt-1 text-sm text-slate-700 dark:text-slate-200" />}
              <p className="mt-2 rounded-lg bg-slate-50 p-2 text-sm whitespace-pre-line text-slate-800 dark:bg-slate-800/60 dark:text-slate-100">
                {answer.answer || 'The learner gave no answer.'}
              </p>
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
              {editing === answer.subQuestionId ? (
                <EssayOverrideForm
                  responseId={response._id}
                  answer={answer}
                  onCancel={() => setEditing(null)}
                  onSaved={(doc) => {
                    setEditing(null);
                    onChanged(doc);
                  }}
                />
              ) : (
                mayMark && (
                  <button type="button" className={`${smallButton} mt-3`} onClick={() => setEditing(answer.subQuestionId)}>
                    Change the mark of part ({letter(i)})
                  </button>
                )
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
