import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuestionDoc } from '../../schema/contracts/content';
import type { AiMarking, QuizCatalogueItem } from '../../schema/contracts/quiz';
import TryMarkingDialog from '../../web/features/content-admin/TryMarkingDialog';
import { renderApp, signedInApi, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const FIRST_PAINT = { timeout: 10_000 };
const SAM = user();
const THEO = user({ _id: 'user_tutor', firstname: 'Theo', role: { name: 'TUTOR', isGuest: false } });

const catalogue: QuizCatalogueItem[] = [
  {
    curriculum: 'Cambridge IGCSE',
    subjectLevel: 'IGCSE',
    subjects: [{ subject: 'Mathematics', subjectCode: '0580', grade: [{ grade: 'Grade 10', quizCount: 1 }] }],
  },
];
const quiz = { _id: 'quiz1', title: 'Linear equations A', questionIds: ['q1', 'q2'], topic: { _id: 't1', name: 'Algebra' }, subTopic: null, paper: null };

function openCatalogue(who: ReturnType<typeof user>, items: QuizCatalogueItem[] = catalogue) {
  storeSession(who);
  const fetch = mockApi({
    ...signedInApi(who),
    'GET /api/curriculums/quiztopiya': () => json(items),
    'GET /api/quizzes': () => json({ docs: [quiz], totalDocs: 1, limit: 10, offset: 0 }),
  });
  renderApp('/quizzes');
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('the quiz catalogue', () => {
  it('lists a grade’s quizzes when it is picked, filtered by curriculum, subject and grade, each opening its about page', async () => {
    const fetch = openCatalogue(SAM);
    const grade = await screen.findByRole('button', { name: 'Grade 10 · 1 quiz' }, FIRST_PAINT);
    expect(grade).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(grade);
    expect(grade).toHaveAttribute('aria-pressed', 'true');
    const list = await screen.findByTestId('catalogue-quizzes');
    expect(within(list).getByRole('link', { name: /Linear equations A/ })).toHaveAttribute('href', '/learning-portal/quizzes/quiz1');
    const asked = new URL(String(fetch.mock.calls.find(([u]) => String(u).startsWith('/api/quizzes?'))![0]), 'http://x').searchParams;
    expect(Object.fromEntries(asked)).toMatchObject({ curriculum: 'Cambridge IGCSE', subject: 'Mathematics', grade: 'Grade 10' });
  });

  it('lists the quizzes without links for someone who does not take them', async () => {
    openCatalogue(THEO);
    await userEvent.click(await screen.findByRole('button', { name: 'Grade 10 · 1 quiz' }, FIRST_PAINT));
    const list = await screen.findByTestId('catalogue-quizzes');
    expect(list).toHaveTextContent('Linear equations A');
    expect(within(list).queryByRole('link')).toBeNull();
  });

  it('says when nothing is published yet', async () => {
    openCatalogue(SAM, []);
    expect(await screen.findByText('No quizzes are published yet. Check back soon.', {}, FIRST_PAINT)).toBeInTheDocument();
  });
});

const question = {
  _id: 'q2',
  kind: 'OPEN',
  text: 'Explain how you solved 2x = 8',
  maxMarks: 2,
  openAimarking: false,
} as QuestionDoc;
const marking: AiMarking = {
  questionId: 'q2',
  score: 2,
  maxMarks: 2,
  reasons: ['Credited: divides both sides by 2'],
  rubric: [{ _id: 'p1', point: 'Divides both sides by 2', marks: 2, keywords: ['divide', 'halve'] }],
  source: 'workers-ai',
  version: 'llama-3.1-8b',
};

describe('an admin trying the AI marking of a question', () => {
  it('marks a typed answer, names the AI helper and shows the scheme with its keywords', async () => {
    const fetch = mockApi({ 'GET /api/questions/ai-marking': () => json(marking) });
    render(<TryMarkingDialog question={question} onClose={() => undefined} />);
    expect(screen.getByText(/Learners are not offered this marking/)).toBeInTheDocument();
    const mark = screen.getByRole('button', { name: 'Mark this answer' });
    expect(mark).toBeDisabled();
    await userEvent.type(screen.getByLabelText('An answer to mark'), 'Halve both sides');
    await userEvent.click(mark);
    const result = await screen.findByTestId('marking-result');
    expect(result).toHaveTextContent('This answer scores 2 out of 2');
    expect(within(result).getByText('AI helper')).toBeInTheDocument();
    expect(result).toHaveTextContent('Keywords: divide, halve');
    expect(result).not.toHaveTextContent('offline helper');
    const asked = new URL(String(fetch.mock.calls[0]![0]), 'http://x').searchParams;
    expect(Object.fromEntries(asked)).toEqual({ questionId: 'q2', answer: 'Halve both sides' });
  });

  it('shows the server’s sentence when the admin may not use it', async () => {
    mockApi({ 'GET /api/questions/ai-marking': () => json({ message: 'You do not have permission to do this' }, 403) });
    render(<TryMarkingDialog question={question} onClose={() => undefined} />);
    await userEvent.type(screen.getByLabelText('An answer to mark'), 'x = 4');
    await userEvent.click(screen.getByRole('button', { name: 'Mark this answer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to do this');
  });
});
