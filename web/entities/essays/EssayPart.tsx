import clsx from 'clsx';
import type { ReactNode } from 'react';
import { type EssayResponseDoc, type EssayVerdict, essayVerdictWords } from '../../../schema/contracts/essays';
import MathText from '../../ui/math/MathText';

type EssayAnswer = EssayResponseDoc['answers'][number];
type EssayPartQuestion = EssayResponseDoc['subQuestions'][number];

const VERDICT_CHIP: Record<EssayVerdict, string> = {
  CORRECT: 'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-500/10 dark:text-emerald-200 dark:ring-emerald-500/30',
  PARTIAL: 'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-500/10 dark:text-amber-200 dark:ring-amber-500/30',
  INCORRECT: 'bg-rose-50 text-rose-800 ring-rose-200 dark:bg-rose-500/10 dark:text-rose-200 dark:ring-rose-500/30',
};

/** Parts are lettered (a), (b), … as on an exam paper. */
export const partLetter = (index: number) => String.fromCharCode(97 + index);

/** A part's title line: its letter, the verdict, the marks, and who marked it (`marker`, which differs by reader). */
export function EssayPartHeading({ answer, index, marker }: { answer: EssayAnswer; index: number; marker: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h3 className="font-semibold text-slate-900 dark:text-white">Part ({partLetter(index)})</h3>
      <span className={clsx('rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', VERDICT_CHIP[answer.verdict])}>
        {essayVerdictWords[answer.verdict]}
      </span>
      <span className="text-sm text-slate-600 dark:text-slate-300">
        {answer.givenMarks} of {answer.maxMarks} marks
      </span>
      {marker}
    </div>
  );
}

/** Why a part got its marks, then the rubric it was marked against, folded away. */
export function EssayPartReasons({ answer, part }: { answer: EssayAnswer; part: EssayPartQuestion | undefined }) {
  return (
    <>
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
    </>
  );
}
