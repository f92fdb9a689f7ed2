import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LearnerQuestion } from '../../schema/contracts/content';
import type { AiMarking } from '../../schema/contracts/quiz';
import { checkSummary, chosenAnswers, emptyText } from '../../web/features/quiz/quick-check';
import { renderApp, signedInApi, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const FIRST_PAINT = { timeout: 10_000 };
const SAM = user();

const mcq: LearnerQuestion = {
  _id: 'q1',
  subTopicId: 'st1',
  kind: 'MCQ',
  text: 'Solve 2x = 8',
  options: [
    { _id: 'o1', text: 'x = 2' },
    { _id: 'o2', text: 'x = 4' },
  ],
  maxMarks: 1,
  difficulty: 'EASY',
  level: 1,
  openAimarking: false,
  aiHint: true,
};
const open: LearnerQuestion = { ...mcq, _id: 'q2', kind: 'OPEN', text: 'Explain how you solved it', options: [], maxMarks: 2, openAimarking: true };
const subTopic = {
  _id: 'st1',
  name: 'Linear equations',
  topic: { _id: 't1', name: 'Algebra', slug: 'algebra' },
  resources: [],
  questionCount: 2,
  quizId: 'quiz1',
};

const marking: AiMarking = {
  questionId: 'q2',
  score: 1,
  maxMarks: 2,
  reasons: ['Credited: divides both sides by 2', 'Missing: checks the answer'],
  rubric: [
    { _id: 'p1', point: 'Divides both sides by 2', marks: 1, keywords: ['divide'] },
    { _id: 'p2', point: 'Checks the answer', marks: 1, keywords: ['check'] },
  ],
  source: 'offline',
  version: 'offline-1',
};

function openCheck(handlers: Parameters<typeof mockApi>[0] = {}) {
  storeSession(SAM);
  const fetch = mockApi({
    ...signedInApi(SAM),
    'GET /api/subtopics/st1': () => json(subTopic),
    'GET /api/questions/assess-questions': ({ url }) => json({ docs: new URL(url, 'http://x').searchParams.get('difficulty') === 'HARD' ? [] : [mcq, open] }),
    ...handlers,
  });
  renderApp('/quick-check/st1');
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('the words of a quick check', () => {
  it('send only the multiple-choice answers chosen, and sum up what the check found', () => {
    expect(chosenAnswers([mcq, open], { q1: 'o2', q2: 'ignored' })).toEqual([{ questionId: 'q1', optionId: 'o2' }]);
    expect(checkSummary({ results: [{ questionId: 'q1', correct: true }] }, 1)).toBe('The answer you chose is right.');
    expect(checkSummary({ results: [{ questionId: 'q1', correct: false }] }, 2)).toBe(
      'You got 0 of 1 question right. Read the notes again for the ones you missed, then try once more. You left 1 question unanswered.',
    );
    expect(emptyText('')).toMatch(/no questions to check/);
    expect(emptyText('HARD')).toBe('There are no hard questions on this sub topic yet. Choose another level.');
  });
});

describe('the quick check page', () => {
  it('checks the chosen answer without being told the right one, and marks a written answer with the helper named', async () => {
    const fetch = openCheck({
      'POST /api/questions/assess-questions/check': () => json({ results: [{ questionId: 'q1', correct: false }] }),
      'GET /api/questions/ai-marking': () => json(marking),
    });
    await screen.findByRole('heading', { level: 1, name: 'Linear equations' }, FIRST_PAINT);
    const check = screen.getByRole('button', { name: 'Check my answers' });
    expect(check).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: 'A. x = 2' }));
    await userEvent.click(check);
    expect(await screen.findByText('Not quite: choose again and check once more')).toBeInTheDocument();
    expect(screen.getByTestId('check-summary')).toHaveTextContent('You got 0 of 1 question right.');
    const sent = fetch.mock.calls.find(([u]) => String(u).includes('/check'));
    expect(JSON.parse(String(sent![1]!.body))).toEqual({ content: 'st1', answers: [{ questionId: 'q1', optionId: 'o1' }] });

    await userEvent.type(screen.getByLabelText('Your answer to question 2'), 'I divided by 2');
    await userEvent.click(screen.getByRole('button', { name: 'Mark my answer' }));
    const result = await screen.findByTestId('marking-result');
    expect(result).toHaveTextContent('This answer scores 1 out of 2');
    expect(within(result).getByText('Offline helper')).toBeInTheDocument();
    expect(result).toHaveTextContent('Missing: checks the answer');
    expect(result).toHaveTextContent('Checks the answer');
    // The keywords the offline helper looks for are for authors, not learners.
    expect(result).not.toHaveTextContent('Keywords');
  });

  it('says a question of an unfinished quiz cannot be checked, and says when a level has no questions', async () => {
    openCheck({
      'POST /api/questions/assess-questions/check': () =>
        json({ message: 'This question is in the quiz you have not finished yet: finish the quiz to see how you did' }, 409),
    });
    await userEvent.click(await screen.findByRole('radio', { name: 'B. x = 4' }, FIRST_PAINT));
    await userEvent.click(screen.getByRole('button', { name: 'Check my answers' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('finish the quiz to see how you did');
    await userEvent.selectOptions(screen.getByLabelText('Level'), 'HARD');
    expect(await screen.findByText('There are no hard questions on this sub topic yet. Choose another level.')).toBeInTheDocument();
  });

  it('tells a question that is not offered for marking here that it is marked in the quiz', async () => {
    openCheck({ 'GET /api/questions/assess-questions': () => json({ docs: [{ ...open, openAimarking: false }] }) });
    expect(await screen.findByText(/marked in the quiz, not here/, {}, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark my answer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Check my answers' })).toBeNull();
  });
});
