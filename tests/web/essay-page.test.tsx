import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EssayResponseDoc, LearnerEssayQuestion } from '../../schema/contracts/essays';
import { renderApp, signedInApi, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const FIRST_PAINT = { timeout: 5000 };
const SAM = user({ _id: 'user_student', firstname: 'Sam', lastname: 'Student' });

const essay: LearnerEssayQuestion = {
  _id: 'essay_1',
  subTopicId: 'sub_1',
  stem: 'A jacket costs £80 and is reduced by 25%.',
  subQuestions: [
    { _id: 'a', prompt: 'Work out the sale price.', marks: 2 },
    { _id: 'b', prompt: 'Explain why a 25% rise does not undo it.', marks: 1 },
  ],
  totalMarks: 3,
};

const marked: EssayResponseDoc = {
  _id: 'resp_1',
  essayQuestionId: 'essay_1',
  userId: 'user_student',
  stem: essay.stem,
  subQuestions: [
    {
      _id: 'a',
      prompt: 'Work out the sale price.',
      marks: 2,
      modelAnswer: '£60',
      markScheme: [{ _id: 'p1', point: 'Sale price £60', marks: 2, keywords: ['60'] }],
    },
    {
      _id: 'b',
      prompt: 'Explain why a 25% rise does not undo it.',
      marks: 1,
      modelAnswer: '',
      markScheme: [{ _id: 'p2', point: 'Smaller amount', marks: 1, keywords: ['smaller'] }],
    },
  ],
  answers: [
    {
      subQuestionId: 'a',
      answer: '60',
      verdict: 'CORRECT',
      givenMarks: 2,
      maxMarks: 2,
      analysis: ['Credited: Sale price £60 (+2 marks)'],
      source: 'offline',
      overrideReason: null,
      overriddenBy: null,
    },
    {
      subQuestionId: 'b',
      answer: '',
      verdict: 'INCORRECT',
      givenMarks: 0,
      maxMarks: 1,
      analysis: ['No answer was given, so no marks.'],
      source: 'offline',
      overrideReason: null,
      overriddenBy: null,
    },
  ],
  givenMarks: 2,
  totalMarks: 3,
  source: 'offline',
  createdAt: '2026-03-02T10:00:00.000Z',
};

describe('the learner essay page', () => {
  it('shows the stem and parts, sends every part’s answer, and shows each part’s verdict, marks and reasons with the offline label', async () => {
    const fetchMock = mockApi({
      ...signedInApi(SAM),
      'GET /api/essay-questions/random/sub_1': () => json(essay),
      'POST /api/essay-questions/aiResponse': () => json(marked, 201),
    });
    storeSession(SAM);
    renderApp('/essays/sub_1');
    expect(await screen.findByText('A jacket costs £80 and is reduced by 25%.', {}, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.getByText('3 marks in total')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Work out the sale price/), '60');
    await userEvent.click(screen.getByRole('button', { name: 'Mark my answers' }));

    expect(await screen.findByRole('heading', { name: /You scored 2 out of 3/ })).toBeInTheDocument();
    expect(screen.getByText('Offline helper')).toBeInTheDocument();
    expect(screen.getByText(/offline helper marked each part/)).toBeInTheDocument();
    const [first, second] = screen.getAllByTestId('essay-part-result');
    expect(within(first!).getByText('Full marks')).toBeInTheDocument();
    expect(within(first!).getByText('2 of 2 marks')).toBeInTheDocument();
    expect(within(first!).getByText('Credited: Sale price £60 (+2 marks)')).toBeInTheDocument();
    expect(within(second!).getByText('No marks')).toBeInTheDocument();
    expect(within(second!).getByText('No answer was given, so no marks.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try another question' })).toBeInTheDocument();

    const sent = fetchMock.mock.calls.find(([url]) => url === '/api/essay-questions/aiResponse')!;
    expect(JSON.parse(String(sent[1]!.body))).toEqual({
      essayQuestionId: 'essay_1',
      answers: [
        { subQuestionId: 'a', answer: '60' },
        { subQuestionId: 'b', answer: '' },
      ],
    });
  });

  it('says so in a sentence when the sub topic has no approved question', async () => {
    mockApi({
      ...signedInApi(SAM),
      'GET /api/essay-questions/random/sub_2': () => json({ message: 'This sub topic has no structured questions yet', errors: [] }, 404),
    });
    storeSession(SAM);
    renderApp('/essays/sub_2');
    expect(await screen.findByText('No structured question is ready yet', {}, FIRST_PAINT)).toBeInTheDocument();
  });

  it('offers a retry when loading fails', async () => {
    mockApi({
      ...signedInApi(SAM),
      'GET /api/essay-questions/random/sub_3': () => json({ message: 'Server error', requestId: 'r' }, 500),
    });
    storeSession(SAM);
    renderApp('/essays/sub_3');
    expect(await screen.findByRole('button', { name: 'Retry' }, FIRST_PAINT)).toBeInTheDocument();
  });
});
