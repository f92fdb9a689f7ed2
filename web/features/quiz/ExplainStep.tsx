import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import type { HelperSourceName } from '../../../schema/contracts/quiz';
import HelperBadge from '../../entities/quiz/HelperBadge';
import { errorMessageText } from '../../lib/errors';
import { smallButton } from '../../ui/classes';
import MathText from '../../ui/math/MathText';
import Spinner from '../../ui/Spinner';
import { quizCalls } from './quiz-api';

/** "Explain it to me": the helper's worked explanation of a reviewed question, asked for only when wanted. */
export function ExplainStep({ submissionId, questionId }: { submissionId: string; questionId: string }) {
  const [state, setState] = useState<{ kind: 'idle' | 'busy' } | { kind: 'done'; text: string; source: HelperSourceName } | { kind: 'failed'; text: string }>({
    kind: 'idle',
  });
  if (state.kind === 'done') {
    return (
      <div className="mt-2 rounded-xl bg-slate-50 p-3 text-sm text-slate-800 dark:bg-slate-800/60 dark:text-slate-100" data-testid="helper-explanation">
        <p className="mb-1 font-semibold">
          Step by step
          <HelperBadge source={state.source} />
        </p>
        <MathText multiline text={state.text} />
      </div>
    );
  }
  const ask = async () => {
    setState({ kind: 'busy' });
    try {
      const answer = await quizCalls.explain({ submissionId, questionId });
      setState({ kind: 'done', text: answer.explanation, source: answer.source });
    } catch (error) {
      setState({ kind: 'failed', text: errorMessageText(error) });
    }
  };
  return (
    <div className="mt-2">
      <button type="button" className={`${smallButton} text-xs`} disabled={state.kind === 'busy'} onClick={() => void ask()}>
        {state.kind === 'busy' ? <Spinner className="size-3.5" /> : <Sparkles className="size-4" aria-hidden="true" />}
        Explain it step by step
      </button>
      {state.kind === 'failed' && (
        <p role="alert" className="mt-1 text-sm text-rose-700 dark:text-rose-300">
          {state.text}
        </p>
      )}
    </div>
  );
}
