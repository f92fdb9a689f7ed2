import { type EssayResponseDoc } from '../../../schema/contracts/essays';
import { EssayPartHeading, EssayPartReasons } from '../../entities/essays/EssayPart';
import HelperBadge from '../../entities/quiz/HelperBadge';
import { cardClass } from '../../ui/classes';
import MathText from '../../ui/math/MathText';

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
              <EssayPartHeading
                answer={answer}
                index={i}
                marker={answer.source === 'TUTOR' && <span className="text-xs font-medium text-slate-500">Changed by your tutor</span>}
              />
              {part && <MathText as="p" text={part.prompt} className="mt-1 text-sm text-slate-700 dark:text-slate-200" />}
              <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">Your answer: {answer.answer || 'no answer given'}</p>
              <EssayPartReasons answer={answer} part={part} />
            </li>
          );
        })}
      </ol>
    </section>
  );
}
