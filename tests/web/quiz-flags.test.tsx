import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from './fetch-mock';
import { samAttempt, unanswered } from './quiz-submission';
import { renderApp, startup } from './render-app';

const PLAYER = '/dashboard/cambridge-igcse/maths/algebra/linear-equations/st1/quiz/sub1';

const openQuestion = (flags: { openAimarking: boolean; aiHint: boolean }) => ({
  _id: 'sq1',
  questionId: 'q1',
  kind: 'OPEN',
  text: 'Solve 2x = 8',
  maxMarks: 2,
  difficulty: 'EASY',
  options: [],
  ...unanswered,
  ...flags,
});

/** A call that stays on its way until the test lets it go. */
function held() {
  let release: (value: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

function playerApi(question: object, extra: Record<string, () => Response | Promise<Response>> = {}) {
  const submission = samAttempt([question]);
  return mockApi({
    ...startup,
    'GET /api/submissions/sub1': () => json({ ...submission, serverNow: new Date().toISOString() }),
    'POST /api/submissions/startSubmissionQuestionTimer': () => json({}),
    'POST /api/submissions/endSubmissionQuestionTimer': () => json({}),
    'POST /api/submissions/answer/add': () => json({}),
    ...extra,
  });
}

describe('question flags in the player', () => {
  it('offers no AI hint and no "Mark my answer" when the question does not, and says when the answer is marked', async () => {
    playerApi(openQuestion({ openAimarking: false, aiHint: false }));
    renderApp(PLAYER);
    expect(await screen.findByLabelText(/Your answer/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Get a hint/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark my answer' })).toBeNull();
    expect(screen.getByTestId('marked-at-finish')).toHaveTextContent('Your answer is marked when you finish the quiz.');
    expect(screen.getByRole('button', { name: /Get answer/ })).toBeEnabled();
  });

  it('offers both when the question does', async () => {
    playerApi(openQuestion({ openAimarking: true, aiHint: true }));
    renderApp(PLAYER);
    expect(await screen.findByRole('button', { name: /Get a hint/ }, { timeout: 5000 })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Mark my answer' })).toBeInTheDocument();
    expect(screen.queryByTestId('marked-at-finish')).toBeNull();
  });
});

describe('separate statuses in the player', () => {
  it('keeps Finish and "Mark my answer" free while a hint is on its way, and the hint button busy until it comes', async () => {
    const hint = held();
    const question = openQuestion({ openAimarking: true, aiHint: true });
    playerApi(question, { 'POST /api/submissions/aiHint': () => hint.promise });
    renderApp(PLAYER);
    await userEvent.type(await screen.findByLabelText(/Your answer/, {}, { timeout: 5000 }), 'x = 4');
    await userEvent.click(screen.getByRole('button', { name: /Get a hint/ }));
    expect(screen.getByRole('button', { name: /Get a hint/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Finish quiz/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Mark my answer' })).toBeEnabled();
    hint.release(
      json({
        message: 'AI Hint is now Visible',
        hint: 'Divide both sides by 2.',
        source: 'offline',
        question: { ...question, hint: 'Divide both sides by 2.' },
      }),
    );
    expect(within(await screen.findByTestId('hint')).getByText('Divide both sides by 2.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Hint shown/ })).toBeDisabled();
  });

  it('keeps the hint and Finish free while an answer is being marked; a failed mark lets the learner try again', async () => {
    const mark = held();
    playerApi(openQuestion({ openAimarking: true, aiHint: true }), { 'POST /api/submissions/openEndedAnswer/grade': () => mark.promise });
    renderApp(PLAYER);
    await userEvent.type(await screen.findByLabelText(/Your answer/, {}, { timeout: 5000 }), 'x = 4');
    await userEvent.click(screen.getByRole('button', { name: 'Mark my answer' }));
    expect(await screen.findByRole('button', { name: 'Mark my answer' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Get a hint/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Finish quiz/ })).toBeEnabled();
    mark.release(json({ message: 'The helper is busy', errors: [] }, 503));
    expect(await screen.findByText('The helper is busy')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark my answer' })).toBeEnabled();
  });

  it('disables Finish only while finishing, and frees it again when finishing fails', async () => {
    const finish = held();
    playerApi(openQuestion({ openAimarking: false, aiHint: true }), { 'POST /api/submissions/finish': () => finish.promise });
    renderApp(PLAYER);
    await userEvent.type(await screen.findByLabelText(/Your answer/, {}, { timeout: 5000 }), 'x = 4');
    await userEvent.click(screen.getByRole('button', { name: /Finish quiz/ }));
    expect(await screen.findByRole('button', { name: /Finish quiz/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Get a hint/ })).toBeEnabled();
    finish.release(json({ message: 'Something went wrong', errors: [] }, 500));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Finish quiz/ })).toBeEnabled();
  });
});
