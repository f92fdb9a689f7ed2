import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { SubmissionDoc, UsageResponse } from '../../schema/contracts/quiz';
import QuizResults from '../../web/features/quiz/QuizResults';
import { json, mockApi } from './fetch-mock';
import { setA } from './quiz-submission';
import { renderApp, startup } from './render-app';

const usage = (trial: UsageResponse['trial']): UsageResponse => ({
  period: '2026-11',
  used: { slideViews: 0, quizAttempts: 0, videoWatches: 0 },
  limits: { slideViews: 0, quizAttempts: 3, videoWatches: 0 },
  trial,
});

const submission = {
  _id: 'sub1',
  userId: 'guest1',
  status: 'IN_PROGRESS',
  quiz: setA,
  questions: [],
} as unknown as SubmissionDoc;

describe('start a quiz as a guest', () => {
  it('offers the 1 day free trial, starts it with the product’s toast, then opens the player', async () => {
    const calls: string[] = [];
    mockApi({
      ...startup,
      'GET /api/usages': () => json(usage(null)),
      'POST /api/usages/quiz-trial': () => (calls.push('trial'), json({ message: 'Studyhall 1 day Free Trial Started!', usage: usage(null) }, 201)),
      'POST /api/submissions/createByQuizId': ({ json: body }) => (calls.push(`start ${(body as { quizId: string }).quizId}`), json(submission, 201)),
      'GET /api/submissions/sub1': () => json({ ...submission, serverNow: new Date().toISOString() }),
    });
    const router = renderApp('/startSubmission/quiz1');
    await userEvent.click(await screen.findByRole('button', { name: 'Start 1 day free trial' }, { timeout: 5000 }));
    expect(await screen.findByText('Studyhall 1 day Free Trial Started!')).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1, name: 'Set A' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/learning-portal/dashboard/cambridge-igcse/maths/algebra/linear-equations/st1/quiz/sub1');
    expect(calls).toEqual(['trial', 'start quiz1']);
  });

  it('says why and what to do when the trial has ended', async () => {
    mockApi({
      ...startup,
      'GET /api/usages': () => json(usage({ startedAt: '2026-11-20T10:00:00Z', endsAt: '2026-11-21T10:00:00Z', active: false })),
      'POST /api/usages/quiz-trial': () => json({ message: 'Your 1 day free trial has ended. Create a free account to keep practising.', errors: [] }, 403),
    });
    renderApp('/startSubmission/quiz1');
    await userEvent.click(await screen.findByRole('button', { name: 'Start 1 day free trial' }, { timeout: 5000 }));
    expect(await screen.findByTestId('start-error')).toHaveTextContent('Your 1 day free trial has ended. Create a free account to keep practising.');
    expect(screen.getByRole('link', { name: 'Create a free account' })).toBeInTheDocument();
  });
});

describe('results', () => {
  it('shows the score band, the helper honestly labelled, and a tutor’s reason for a changed mark', () => {
    const doc = {
      ...submission,
      status: 'COMPLETED',
      score: 5,
      maxScore: 7,
      band: 'Good',
      aiFeedback: 'You scored 5 out of 7 (71%): Good.',
      aiFeedbackSource: 'offline',
      questions: [
        {
          _id: 'a1',
          questionId: 'q1',
          kind: 'OPEN',
          text: 'Solve $2x = 6$',
          options: [],
          maxMarks: 2,
          status: 'ANSWERED',
          optionId: null,
          answer: 'x = 3',
          score: 1,
          reasons: ['Marked by your tutor: no working shown', 'Credited: Solves to x = 3 (+1 mark)'],
          markSource: 'TUTOR',
          helperSource: 'offline',
          modelAnswer: '$x = 3$',
          explanation: 'Divide both sides by 2.',
        },
      ],
    } as unknown as SubmissionDoc;
    render(
      <MemoryRouter>
        <QuizResults doc={doc} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('result-band')).toHaveTextContent('Good');
    expect(screen.getByTestId('result-score')).toHaveTextContent('5 / 7');
    expect(screen.getByText('Offline helper')).toBeInTheDocument();
    expect(screen.getByText('Marked by your tutor')).toBeInTheDocument();
    expect(screen.getByText('Marked by your tutor: no working shown')).toBeInTheDocument();
    expect(screen.getByText('Divide both sides by 2.')).toBeInTheDocument();
    expect(document.querySelector('math')).not.toBeNull();
  });
});
