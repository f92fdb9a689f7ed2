import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from './fetch-mock';
import { samAttempt, unanswered } from './quiz-submission';
import { renderApp, startup } from './render-app';

const question = (n: number) => ({
  _id: `sq${n}`,
  questionId: `q${n}`,
  kind: 'MCQ',
  text: `Question text ${n}`,
  maxMarks: 1,
  difficulty: 'EASY',
  options: [{ _id: `o${n}`, text: 'Four' }],
  ...unanswered,
});

const submission = samAttempt([question(1), question(2)]);

describe('finishing a quiz with questions left open', () => {
  it('asks first and says how many have no answer, and only finishes when told to', async () => {
    const finished: string[] = [];
    const refused: string[] = [];
    // As the server does: a finished attempt refuses every change with 409.
    const open = (name: string) => () =>
      finished.length ? (refused.push(name), json({ message: 'This quiz is already finished', errors: [] }, 409)) : json({});
    mockApi({
      ...startup,
      'GET /api/submissions/sub1': () => json({ ...submission, serverNow: new Date().toISOString() }),
      'POST /api/submissions/startSubmissionQuestionTimer': open('start'),
      'POST /api/submissions/endSubmissionQuestionTimer': open('end'),
      'POST /api/submissions/finish': () => (finished.push('sub1'), json({ message: 'Quiz finished', submission: { ...submission, status: 'COMPLETED' } })),
    });
    renderApp('/dashboard/cambridge-igcse/maths/algebra/linear-equations/st1/quiz/sub1');
    await userEvent.click(await screen.findByRole('button', { name: 'Question 2' }, { timeout: 5000 }));
    await userEvent.click(screen.getByRole('button', { name: /Finish quiz/ }));
    expect(await screen.findByText('2 questions have no answer yet. Finish anyway?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep answering' }));
    expect(finished).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: /Finish quiz/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Finish anyway' }));
    await screen.findByText('Quiz finished');
    expect(finished).toEqual(['sub1']);
    // Nothing is sent to the finished attempt afterwards, so nothing is refused (the console showed a 409).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(refused).toEqual([]);
  });
});
