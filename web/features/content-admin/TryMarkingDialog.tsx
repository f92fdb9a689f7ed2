import { useId, useState } from 'react';
import type { QuestionDoc } from '../../../schema/contracts/content';
import type { AiMarking } from '../../../schema/contracts/quiz';
import MarkingResult from '../../entities/quiz/MarkingResult';
import { errorMessageText } from '../../lib/errors';
import { fieldClass, primaryButton } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';
import MathText from '../../ui/math/MathText';
import { contentAdminCalls } from './api';

type Marking = { status: 'idle' } | { status: 'marking' } | { status: 'marked'; marking: AiMarking } | { status: 'failed'; message: string };

/**
 * An admin types an answer to an open question and sees how the helper marks it, before the question is approved or
 * offered for AI marking. Nothing is stored: the mark is only shown here.
 */
export default function TryMarkingDialog({ question, onClose }: { question: QuestionDoc; onClose: () => void }) {
  const fieldId = useId();
  const [answer, setAnswer] = useState('');
  const [marking, setMarking] = useState<Marking>({ status: 'idle' });

  async function mark(event: React.FormEvent) {
    event.preventDefault();
    setMarking({ status: 'marking' });
    try {
      setMarking({ status: 'marked', marking: await contentAdminCalls.tryMarking(question._id, answer) });
    } catch (error) {
      setMarking({ status: 'failed', message: errorMessageText(error) });
    }
  }

  return (
    <Dialog open onClose={onClose} title="Try the AI marking" wide>
      <MathText as="p" multiline text={question.text} className="text-slate-800 dark:text-slate-100" />
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
        {question.maxMarks === 1 ? '1 mark' : `${question.maxMarks} marks`} ·{' '}
        {question.openAimarking ? 'Learners may ask for this marking.' : 'Learners are not offered this marking until it is turned on in the question.'}
      </p>
      <form onSubmit={(e) => void mark(e)} className="mt-4">
        <label htmlFor={fieldId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
          An answer to mark
        </label>
        <textarea id={fieldId} rows={4} maxLength={2000} value={answer} onChange={(e) => setAnswer(e.target.value)} className={`mt-1 ${fieldClass()}`} />
        <button type="submit" className={`mt-3 ${primaryButton}`} disabled={!answer.trim() || marking.status === 'marking'}>
          {marking.status === 'marking' ? 'Marking…' : 'Mark this answer'}
        </button>
      </form>
      {marking.status === 'failed' && (
        <p role="alert" className="mt-3 text-sm text-rose-700 dark:text-rose-300">
          {marking.message}
        </p>
      )}
      {marking.status === 'marked' && <MarkingResult marking={marking.marking} showKeywords />}
    </Dialog>
  );
}
