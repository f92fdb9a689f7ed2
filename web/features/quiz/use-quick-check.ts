import { useCallback, useEffect, useState } from 'react';
import type { LearnerQuestion, SubTopicPage } from '../../../schema/contracts/content';
import { errorMessageText, statusOf } from '../../lib/errors';
import type { Difficulty } from './quick-check';
import { quizCalls } from './quiz-api';

export type QuickCheckState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'refused'; message: string }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; subTopic: SubTopicPage; questions: LearnerQuestion[] };

/** The sub topic and its quick-check questions at the level chosen; nothing is stored by asking. */
export function useQuickCheck(subTopicId: string, difficulty: Difficulty | ''): QuickCheckState {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<QuickCheckState>({ status: 'loading' });
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    Promise.all([quizCalls.subTopic(subTopicId), quizCalls.assess(subTopicId, difficulty || undefined)])
      .then(([subTopic, { docs }]) => live && setState({ status: 'ready', subTopic, questions: docs }))
      .catch((error: unknown) => {
        if (!live) return;
        const status = statusOf(error);
        if (status === 404) setState({ status: 'missing' });
        else if (status === 403) setState({ status: 'refused', message: errorMessageText(error) });
        else setState({ status: 'error', retry });
      });
    return () => {
      live = false;
    };
  }, [subTopicId, difficulty, attempt, retry]);
  return state;
}
