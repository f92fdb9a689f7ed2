import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from './fetch-mock';
import { samAttempt, unanswered } from './quiz-submission';
import { renderApp, startup } from './render-app';

const open = {
  _id: 'sq1',
  questionId: 'q1',
  kind: 'OPEN',
  text: 'Solve 2x = 8',
  maxMarks: 2,
  difficulty: 'EASY',
  options: [],
  ...unanswered,
};

const submission = samAttempt([open]);

describe('marking an open answer', () => {
  it('sends the answer just typed before asking for its mark, and a second ask shows the same mark', async () => {
    const calls: string[] = [];
    let saved: string | null = null;
    mockApi({
      ...startup,
      'GET /api/submissions/sub1': () => json({ ...submission, serverNow: new Date().toISOString() }),
      'POST /api/submissions/startSubmissionQuestionTimer': () => json({}),
      'POST /api/submissions/endSubmissionQuestionTimer': () => json({}),
      'POST /api/submissions/answer/add': ({ json: body }) => ((saved = (body as { answer: string }).answer), calls.push(`save ${saved}`), json({})),
      'POST /api/submissions/openEndedAnswer/grade': () => {
        calls.push('grade');
        if (!saved) return json({ message: 'questionId: has no answer to mark yet', errors: [] }, 400);
        return json({ ...open, answer: saved, status: 'ANSWERED', score: 2, reasons: ['x = 4 is right'] });
      },
    });
    renderApp('/dashboard/cambridge-igcse/maths/algebra/linear-equations/st1/quiz/sub1');
    await userEvent.type(await screen.findByLabelText(/Your answer/, {}, { timeout: 5000 }), 'x = 4');
    await userEvent.click(screen.getByRole('button', { name: 'Mark my answer' }));
    expect((await screen.findByTestId('open-mark')).textContent).toContain('2/2 marks');
    await userEvent.click(screen.getByRole('button', { name: 'Mark my answer' }));
    expect(await screen.findByText('x = 4 is right')).toBeInTheDocument();
    expect(screen.queryByText(/has no answer to mark yet|went wrong/)).toBeNull();
    expect(calls).toEqual(['save x = 4', 'grade', 'grade']);
  });
});
