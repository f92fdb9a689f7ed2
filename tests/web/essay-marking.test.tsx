import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MarkerEssayResponseDoc } from '../../schema/contracts/essays';
import { renderApp, signedInApi, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const THEO = user({ _id: 'user_tutor', firstname: 'Theo', lastname: 'Tutor', role: { name: 'TUTOR', isGuest: false } });
const FIRST_PAINT = { timeout: 10_000 };

const response: MarkerEssayResponseDoc = {
  _id: 'er_1',
  essayQuestionId: 'eq_1',
  userId: 'user_student',
  stem: 'A shop buys a lamp for £40 and sells it for £50.',
  subQuestions: [
    { _id: 'p1', prompt: 'Work out the profit.', marks: 1, modelAnswer: '£10', markScheme: [{ _id: 'm1', point: 'Profit £10', marks: 1, keywords: ['10'] }] },
    {
      _id: 'p2',
      prompt: 'Work out the percentage profit.',
      marks: 2,
      modelAnswer: '25%',
      markScheme: [{ _id: 'm2', point: '25%', marks: 2, keywords: ['25'] }],
    },
  ],
  answers: [
    {
      subQuestionId: 'p1',
      answer: '£10',
      verdict: 'CORRECT',
      givenMarks: 1,
      maxMarks: 1,
      analysis: ['Credited: Profit £10'],
      source: 'offline',
      overrideReason: null,
      overriddenBy: null,
    },
    {
      subQuestionId: 'p2',
      answer: '20%',
      verdict: 'INCORRECT',
      givenMarks: 0,
      maxMarks: 2,
      analysis: ['Missing: 25%'],
      source: 'offline',
      overrideReason: null,
      overriddenBy: null,
    },
  ],
  givenMarks: 1,
  totalMarks: 3,
  source: 'offline',
  createdAt: '2030-12-01T09:00:00.000Z',
  learner: { _id: 'user_student', name: 'Sam Student' },
  subTopic: { _id: 'st_1', name: 'Percentages' },
  overridden: false,
};

function open(docs: MarkerEssayResponseDoc[] | 'fail') {
  storeSession(THEO);
  const sent: unknown[] = [];
  mockApi({
    ...signedInApi(THEO),
    'GET /api/essay-questions/responses': () =>
      docs === 'fail' ? json({ message: 'Down', errors: [] }, 500) : json({ docs, totalDocs: docs.length, limit: 20, offset: 0 }),
    'POST /api/essay-questions/overrideMark': ({ json: body }) => {
      sent.push(body);
      const { givenMarks, reason } = body as { givenMarks: number; reason: string };
      return json({
        ...response,
        givenMarks: 1 + givenMarks,
        answers: [
          response.answers[0],
          { ...response.answers[1], givenMarks, verdict: 'PARTIAL', source: 'TUTOR', overrideReason: reason, analysis: [`Marked by your tutor: ${reason}`] },
        ],
      });
    },
  });
  renderApp('/portal/essay-answers');
  return sent;
}

describe('essay answers for markers', { timeout: 30_000 }, () => {
  it('lists the answers, shows each part’s verdict with the helper’s label, and changes a mark with a reason', async () => {
    const sent = open([response]);
    const u = userEvent.setup();
    expect(await screen.findByText('Sam Student · Percentages', {}, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.getByText(/1 of 3 marks/)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Read Sam Student’s answer on Percentages' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sam Student’s answer on Percentages' });
    const parts = within(dialog).getAllByTestId('marker-part');
    expect(within(parts[0]!).getByText('Full marks')).toBeInTheDocument();
    expect(within(parts[1]!).getByText('No marks')).toBeInTheDocument();
    expect(within(parts[1]!).getByText('Offline helper')).toBeInTheDocument();
    expect(within(parts[1]!).getByText('20%')).toBeInTheDocument();
    expect(within(parts[1]!).getByText('Missing: 25%')).toBeInTheDocument();

    await u.click(within(parts[1]!).getByRole('button', { name: 'Change the mark of part (b)' }));
    const mark = within(parts[1]!).getByLabelText(/New mark/);
    await u.clear(mark);
    await u.type(mark, '5');
    await u.click(within(parts[1]!).getByRole('button', { name: 'Save mark' }));
    expect(await within(parts[1]!).findByText('Enter a mark from 0 to 2.')).toBeInTheDocument();
    expect(within(parts[1]!).getByText('Say why you changed the mark: the learner reads this reason.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await u.clear(mark);
    await u.type(mark, '1');
    await u.type(within(parts[1]!).getByLabelText(/Reason/), 'Method shown, slip in the last step.');
    await u.click(within(parts[1]!).getByRole('button', { name: 'Save mark' }));
    expect(await within(dialog).findByText('Part marks')).toBeInTheDocument();
    expect(within(dialog).getByText('Changed by a tutor')).toBeInTheDocument();
    expect(within(dialog).getByText('Marked by your tutor: Method shown, slip in the last step.')).toBeInTheDocument();
    expect(sent).toEqual([{ responseId: 'er_1', subQuestionId: 'p2', givenMarks: 1, reason: 'Method shown, slip in the last step.' }]);
  });

  it('says so when there are no answers yet', async () => {
    open([]);
    expect(await screen.findByText('No essay answers yet', {}, FIRST_PAINT)).toBeInTheDocument();
  });

  it('offers a retry when the list cannot load', async () => {
    open('fail');
    expect(await screen.findByRole('button', { name: 'Retry' }, FIRST_PAINT)).toBeInTheDocument();
  });
});
