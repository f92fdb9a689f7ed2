import { CheckCircle2, XCircle } from 'lucide-react';
import { useId, useState } from 'react';
import type { LearnerQuestion } from '../../../schema/contracts/content';
import type { AiMarking } from '../../../schema/contracts/quiz';
import MarkingResult from '../../entities/quiz/MarkingResult';
import { errorMessageText } from '../../lib/errors';
import { cardClass, fieldClass, secondaryButton } from '../../ui/classes';
import MathText from '../../ui/math/MathText';
import OptionLetter from '../../ui/OptionLetter';
import { quizCalls } from './quiz-api';

type Props = {
  q: LearnerQuestion;
  number: number;
  choice: string | undefined;
  onChoose: (optionId: string) => void;
  /** Whether the check found this multiple-choice answer right; undefined before a check. */
  correct: boolean | undefined;
};

/** One question of a quick check: options to choose from, or a written answer the helper marks where the author allows. */
export default function QuickCheckQuestion({ q, number, choice, onChoose, correct }: Props) {
  const headingId = useId();
  return (
    <li className={`${cardClass} p-5`} aria-labelledby={headingId}>
      <h2 id={headingId} className="flex flex-wrap items-baseline gap-x-3 text-sm font-semibold text-slate-500 dark:text-slate-400">
        <span>Question {number}</span>
        <span className="font-normal">
          {q.difficulty.charAt(0) + q.difficulty.slice(1).toLowerCase()} · {q.maxMarks === 1 ? '1 mark' : `${q.maxMarks} marks`}
        </span>
      </h2>
      <MathText as="p" multiline text={q.text} className="mt-2 text-slate-900 dark:text-white" />
      {q.kind === 'MCQ' ? (
        <fieldset className="mt-3">
          <legend className="sr-only">Choose an answer to question {number}</legend>
          <div className="grid gap-2">
            {q.options.map((o, i) => (
              <label
                key={o._id}
                className="flex cursor-pointer items-start gap-3 rounded-xl p-3 ring-1 ring-slate-200 has-[:checked]:bg-brand/10 has-[:checked]:ring-brand has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand dark:ring-slate-700"
              >
                <input type="radio" name={q._id} value={o._id} checked={choice === o._id} onChange={() => onChoose(o._id)} className="mt-1 accent-brand" />
                <OptionLetter index={i} />
                <MathText text={o.text} className="min-w-0 text-slate-800 dark:text-slate-100" />
              </label>
            ))}
          </div>
          {correct !== undefined && (
            <p
              role="status"
              className={`mt-3 flex items-center gap-2 text-sm font-semibold ${correct ? 'text-emerald-700 dark:text-emerald-300' : 'text-rose-700 dark:text-rose-300'}`}
            >
              {correct ? <CheckCircle2 className="size-4" aria-hidden="true" /> : <XCircle className="size-4" aria-hidden="true" />}
              {correct ? 'Right' : 'Not quite: choose again and check once more'}
            </p>
          )}
        </fieldset>
      ) : (
        <WrittenAnswer q={q} number={number} />
      )}
    </li>
  );
}

type Marking = { status: 'idle' } | { status: 'marking' } | { status: 'marked'; marking: AiMarking } | { status: 'failed'; message: string };

function WrittenAnswer({ q, number }: { q: LearnerQuestion; number: number }) {
  const fieldId = useId();
  const [answer, setAnswer] = useState('');
  const [marking, setMarking] = useState<Marking>({ status: 'idle' });

  async function mark() {
    setMarking({ status: 'marking' });
    try {
      setMarking({ status: 'marked', marking: await quizCalls.aiMarking(q._id, answer) });
    } catch (error) {
      setMarking({ status: 'failed', message: errorMessageText(error) });
    }
  }

  return (
    <div className="mt-3">
      <label htmlFor={fieldId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        Your answer to question {number}
      </label>
      <textarea id={fieldId} rows={3} maxLength={2000} value={answer} onChange={(e) => setAnswer(e.target.value)} className={`mt-1 ${fieldClass()}`} />
      {q.openAimarking ? (
        <button type="button" className={`mt-3 ${secondaryButton}`} disabled={!answer.trim() || marking.status === 'marking'} onClick={() => void mark()}>
          {marking.status === 'marking' ? 'Marking…' : 'Mark my answer'}
        </button>
      ) : (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">This question is marked in the quiz, not here: write your answer to practise.</p>
      )}
      {marking.status === 'failed' && (
        <p role="alert" className="mt-2 text-sm text-rose-700 dark:text-rose-300">
          {marking.message}
        </p>
      )}
      {marking.status === 'marked' && <MarkingResult marking={marking.marking} />}
    </div>
  );
}
