import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuizDoc } from '../../schema/contracts/quiz';
import DashboardQuizzes from '../../web/features/quiz/DashboardQuizzes';
import { ExplainStep } from '../../web/features/quiz/ExplainStep';
import { ReportIssue } from '../../web/features/quiz/ReportIssue';
import Toaster from '../../web/ui/toast/Toaster';
import { json, mockApi } from './fetch-mock';

afterEach(() => vi.unstubAllGlobals());

const quiz = (n: number, overrides: Partial<QuizDoc> = {}): QuizDoc => ({
  _id: `quiz_${n}`,
  title: `Quiz ${n}`,
  topicId: 'topic_1',
  subTopicId: 'sub_1',
  paper: null,
  curriculum: 'Cambridge IGCSE',
  subject: 'Mathematics',
  grade: 'Grade 10',
  subjectLevel: null,
  subjectCode: null,
  questionIds: ['q1'],
  timeLimitSeconds: null,
  isPublished: true,
  topic: { _id: 'topic_1', name: 'Algebra' },
  subTopic: { _id: 'sub_1', name: 'Linear equations' },
  ...overrides,
});
const page = (docs: QuizDoc[], totalDocs: number, offset = 0) => ({ docs, totalDocs, limit: 6, offset });

describe('the home’s quiz lists', () => {
  it('opens a history entry at its last attempt instead of starting a new one, and shows more on request', async () => {
    const fetchMock = mockApi({
      'GET /api/quizzes': () => json(page([quiz(1)], 1)),
      'GET /api/quizzes/history': ({ url }) => {
        const offset = Number(new URL(url, 'http://x').searchParams.get('offset') ?? 0);
        const first = Array.from({ length: 6 }, (_, i) => quiz(10 + i, { submissionCount: 1, lastSubmissionId: `sub_${10 + i}` }));
        return json(offset === 0 ? page(first, 7) : page([quiz(16, { submissionCount: 2, lastSubmissionId: 'sub_16' })], 7, 6));
      },
    });
    render(
      <MemoryRouter>
        <DashboardQuizzes />
      </MemoryRouter>,
    );
    const history = await screen.findByTestId('quiz-history');
    const entry = await within(history).findByRole('link', { name: /Quiz 10/ });
    expect(entry).toHaveAttribute('href', '/dashboard/cambridge-igcse/maths/algebra/linear-equations/sub_1/quiz/sub_10');
    await userEvent.click(within(history).getByRole('button', { name: 'Show more history (1 more)' }));
    expect(await within(history).findByRole('link', { name: /Quiz 16/ })).toBeInTheDocument();
    expect(within(history).queryByRole('button', { name: /Show more/ })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/quizzes/history') && String(url).includes('offset=6'))).toBe(true);
  });
});

describe('reporting a problem with a question', () => {
  it('asks what is wrong, refuses an empty report beside the field, then sends it and says so', async () => {
    const sent: unknown[] = [];
    mockApi({
      'POST /api/quizzes/report-issue': ({ json: body }) => {
        sent.push(body);
        return json({ message: 'Issue reported successfully!' }, 201);
      },
    });
    render(
      <MemoryRouter>
        <ReportIssue quizId="quiz_1" questionId="question_1" number={3} />
        <Toaster />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Report a problem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem with question 3' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Your report must be at least 3 characters.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('Your report'), 'Option B should be 12, not 21.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(sent).toEqual([{ quizId: 'quiz_1', questionId: 'question_1', message: 'Option B should be 12, not 21.' }]));
    expect(await screen.findByText('Issue reported successfully!')).toBeInTheDocument();
  });
});

describe('explaining a reviewed question', () => {
  it('asks the helper only when the learner wants it, and says the explanation came from the offline helper', async () => {
    const asked: unknown[] = [];
    mockApi({
      'POST /api/submissions/question/get-ai-explanation': ({ json: body }) => {
        asked.push(body);
        return json({ explanation: 'Subtract 3 from both sides, then divide by 2: x = 4.', source: 'offline', version: 'rules-1' });
      },
    });
    render(<ExplainStep submissionId="sub_1" questionId="question_1" />);
    expect(asked).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Explain it step by step' }));
    const explanation = await screen.findByTestId('helper-explanation');
    expect(explanation).toHaveTextContent('Subtract 3 from both sides, then divide by 2: x = 4.');
    expect(explanation).toHaveTextContent('Offline helper');
    expect(asked).toEqual([{ submissionId: 'sub_1', questionId: 'question_1' }]);
  });
});
