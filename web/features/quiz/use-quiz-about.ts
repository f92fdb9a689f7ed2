import { useCallback, useEffect, useState } from 'react';
import type { ListResponse } from '../../../schema/contracts/common';
import type { SubTopicPage } from '../../../schema/contracts/content';
import type { AttemptSummary, QuizAboutPage } from '../../../schema/contracts/quiz';
import { errorMessageText, statusOf } from '../../lib/errors';
import { quizCalls } from './quiz-api';

/** How many of the learner's latest attempts the about page lists. */
export const LATEST_ATTEMPTS = 3;

export type AboutData = {
  about: QuizAboutPage;
  latest: ListResponse<Omit<AttemptSummary, 'quizTitle'>>;
  /** The quiz's sub topic, for the resources to revise from; null for a quiz on a whole topic or when it could not load. */
  subTopic: SubTopicPage | null;
};

export type AboutState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'refused'; message: string }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; data: AboutData };

/** The about page's data: what the quiz asks, the learner's latest attempts and the sub topic's resources. */
export function useQuizAbout(quizId: string): AboutState {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<AboutState>({ status: 'loading' });
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    Promise.all([quizCalls.about(quizId), quizCalls.attempts(quizId, LATEST_ATTEMPTS)])
      .then(async ([about, latest]) => {
        const id = about.quiz.subTopicId;
        // The resources are extra: the page still helps without them.
        const subTopic = id ? await quizCalls.subTopic(id).catch(() => null) : null;
        if (live) setState({ status: 'ready', data: { about, latest, subTopic } });
      })
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
  }, [quizId, attempt, retry]);
  return state;
}
