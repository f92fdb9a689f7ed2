import { useState } from 'react';
import { type EssayResponseDoc, type MarkerEssayResponseDoc } from '../../../schema/contracts/essays';
import { EssayPartHeading, EssayPartReasons, partLetter } from '../../entities/essays/EssayPart';
import HelperBadge from '../../entities/quiz/HelperBadge';
import { smallButton } from '../../ui/classes';
import MathText from '../../ui/math/MathText';
import EssayOverrideForm from './EssayOverrideForm';

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
              <EssayPartHeading
                answer={answer}
                index={i}
                marker={
                  answer.source === 'TUTOR' ? (
                    <span className="text-xs font-medium text-slate-500 dark:text-slate-400">Changed by a tutor</span>
                  ) : (
                    <HelperBadge source={answer.source} />
                  )
                }
              />
              {part && <MathText as="p" text={part.prompt} className="mt-1 text-sm text-slate-700 dark:text-slate-200" />}
              <p className="mt-2 rounded-lg bg-slate-50 p-2 text-sm whitespace-pre-line text-slate-800 dark:bg-slate-800/60 dark:text-slate-100">
                {answer.answer || 'The learner gave no answer.'}
              </p>
              <EssayPartReasons answer={answer} part={part} />
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
                    Change the mark of part ({partLetter(i)})
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
