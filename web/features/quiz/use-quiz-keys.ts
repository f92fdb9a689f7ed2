import { useEffect } from 'react';
import type { SubmissionQuestion } from '../../../schema/contracts/quiz';

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

interface QuizKeys {
  question: SubmissionQuestion | undefined;
  inProgress: boolean;
  index: number;
  answer: (change: { optionId: string }) => unknown;
  go: (to: number) => unknown;
}

/** Number keys pick an option, the arrows and Enter move between questions; never while the person is typing. */
export function useQuizKeys({ question, inProgress, index, answer, go }: QuizKeys) {
  useEffect(() => {
    if (!inProgress || !question) return;
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      const n = Number(event.key);
      if (question.kind === 'MCQ' && n >= 1 && n <= question.options.length) {
        answer({ optionId: question.options[n - 1]!._id });
        event.preventDefault();
      } else if (event.key === 'ArrowRight' || (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement))) {
        go(index + 1);
        event.preventDefault();
      } else if (event.key === 'ArrowLeft') {
        go(index - 1);
        event.preventDefault();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [inProgress, question, index, answer, go]);
}
