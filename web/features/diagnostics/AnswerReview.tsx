import { useCallback, useState } from 'react';
import type { DiagnosticSubmission } from '../../../schema/contracts/diagnostics';
import { cardClass } from '../../ui/classes';
import LoadFailure from '../../ui/LoadFailure';
import { LoadingStatus } from '../../ui/LoadingStatus';
import MathText from '../../ui/math/MathText';
import { diagnosticCalls } from './api';
import { useLoad } from './use-load';

/** Every question with the answer given and the right one; read only when the reader opens it. */
export function AnswerReview({ diagnosticId, share }: { diagnosticId: string; share: string | null }) {
  const [open, setOpen] = useState(false);
  return (
    <details className={`p-5 sm:p-6 ${cardClass}`} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer font-semibold text-slate-900 dark:text-white">See every question and answer</summary>
      {open && <Questions diagnosticId={diagnosticId} share={share} />}
    </details>
  );
}

function Questions({ diagnosticId, share }: { diagnosticId: string; share: string | null }) {
  const read = useCallback((signal: AbortSignal) => diagnosticCalls.submission(diagnosticId, share, signal), [diagnosticId, share]);
  const { load, retry } = useLoad<DiagnosticSubmission>(read);
  if (load.state === 'loading') return <LoadingStatus className="py-8" />;
  if (load.state !== 'ready') return <LoadFailure onRetry={retry} />;
  return (
    <ol className="mt-4 space-y-5">
      {load.data.questions.map((q) => {
        const given = q.options.find((o) => o._id === q.optionId)?.text ?? q.answer;
        return (
          <li key={q.questionId} className="border-t border-slate-200 pt-4 first:border-0 first:pt-0 dark:border-slate-800">
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {q.position + 1}. {q.topicName} · {q.subTopicName} · {q.score} of {q.maxMarks}
            </p>
            <MathText text={q.text} as="p" multiline className="mt-1 text-slate-900 dark:text-white" />
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">Answer given: {given ? <MathText text={given} /> : 'none'}</p>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Right answer: <MathText text={q.modelAnswer} />
            </p>
          </li>
        );
      })}
    </ol>
  );
}
