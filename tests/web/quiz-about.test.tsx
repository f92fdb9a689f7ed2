import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuizAboutPage, QuizDoc } from '../../schema/contracts/quiz';
import { difficultyLine, quizFacts, recordLine, startAction } from '../../web/features/quiz/about-quiz';
import { renderApp, signedInApi, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const FIRST_PAINT = { timeout: 10_000 };
const SAM = user();

const quiz: QuizDoc = {
  _id: 'quiz1',
  title: 'Linear equations A',
  topicId: 'topic1',
  subTopicId: 'st1',
  paper: null,
  curriculum: 'Cambridge IGCSE',
  subject: 'Mathematics',
  grade: 'Grade 10',
  subjectLevel: 'IGCSE',
  subjectCode: '0580',
  questionIds: ['q1', 'q2', 'q3'],
  timeLimitSeconds: 600,
  isPublished: true,
  topic: { _id: 'topic1', name: 'Algebra' },
  subTopic: { _id: 'st1', name: 'Linear equations' },
};

const about = (over: Partial<QuizAboutPage> = {}): QuizAboutPage => ({
  quiz,
  questionCount: 3,
  openQuestions: 1,
  maxScore: 5,
  difficulties: { EASY: 2, MEDIUM: 0, HARD: 1 },
  attempts: 0,
  bestPercent: null,
  lastSubmissionId: null,
  inProgressSubmissionId: null,
  ...over,
});

const subTopic = {
  _id: 'st1',
  name: 'Linear equations',
  topic: { _id: 'topic1', name: 'Algebra', slug: 'algebra' },
  resources: [{ _id: 'res1', title: 'Linear equations slides', url: 'https://example.test/slides.pdf' }],
  questionCount: 5,
  quizId: 'quiz1',
};

const page = (docs: unknown[]) => json({ docs, totalDocs: docs.length, limit: 3, offset: 0 });

function openAbout(answer: () => Response, extra: Parameters<typeof mockApi>[0] = {}, attempts: unknown[] = []) {
  storeSession(SAM);
  const fetch = mockApi({
    ...signedInApi(SAM),
    'POST /api/submissions/getQuizDataForAboutPage': answer,
    'GET /api/submissions': () => page(attempts),
    'GET /api/subtopics/st1': () => json(subTopic),
    ...extra,
  });
  const router = renderApp('/quizzes/quiz1');
  return { fetch, router };
}

afterEach(() => vi.unstubAllGlobals());

describe('the words of a quiz about page', () => {
  it('say how many questions, written answers, marks and minutes, and leave out levels it does not ask', () => {
    expect(quizFacts(about())).toEqual(['3 questions', '1 to answer in writing', '5 marks', '10 minutes']);
    expect(quizFacts(about({ quiz: { ...quiz, timeLimitSeconds: null }, openQuestions: 0, questionCount: 1, maxScore: 1 }))).toEqual([
      '1 question',
      '1 mark',
      'No time limit: you may set a timer when you start',
    ]);
    expect(difficultyLine(about().difficulties)).toBe('2 easy · 1 hard');
  });

  it('tell the learner their record and offer Resume for an attempt under way', () => {
    expect(recordLine(about())).toBe('You have not tried this quiz yet.');
    expect(recordLine(about({ attempts: 2, bestPercent: 80 }))).toBe('You have tried this quiz 2 times. Your best finished score is 80% (Good).');
    expect(recordLine(about({ attempts: 1 }))).toBe('You have started this quiz once and not finished it yet.');
    expect(startAction(about())).toEqual({ label: 'Start the quiz', to: '/startSubmission/quiz1' });
    expect(startAction(about({ attempts: 1, inProgressSubmissionId: 'sub9' }))).toEqual({
      label: 'Resume your attempt',
      to: '/dashboard/cambridge-igcse/maths/algebra/linear-equations/st1/quiz/sub9',
    });
  });
});

describe('the quiz about page', () => {
  it('shows what the quiz covers, the latest attempts and a Start button that starts the quiz', async () => {
    const { router } = openAbout(() => json(about({ attempts: 1, bestPercent: 60, lastSubmissionId: 'sub1' })), {}, [
      { _id: 'sub1', quizId: 'quiz1', status: 'COMPLETED', score: 3, maxScore: 5, band: 'Good', createdAt: '2026-01-05T01:30:00.000Z', completedAt: null },
    ]);
    await screen.findByRole('heading', { level: 1, name: 'Linear equations A' }, FIRST_PAINT);
    expect(screen.getByTestId('quiz-covers')).toHaveTextContent('Algebra: Linear equations');
    expect(screen.getByTestId('quiz-facts')).toHaveTextContent('3 questions');
    const attempts = screen.getByTestId('latest-attempts');
    expect(within(attempts).getByRole('link', { name: /3 out of 5 · 60% · Good/ })).toHaveTextContent('Started 5 Jan 2026, 09:30');
    const start = screen.getByRole('link', { name: 'Start a new attempt' });
    expect(start).toHaveAttribute('href', '/learning-portal/startSubmission/quiz1');
    expect(screen.getByRole('link', { name: 'Quick check first' })).toHaveAttribute('href', '/learning-portal/quick-check/st1');
    await userEvent.click(start);
    expect(router.state.location.pathname).toBe('/learning-portal/startSubmission/quiz1');
  });

  it('opens a resource only once the server has counted it, and says why when the month’s views are used up', async () => {
    const opened = vi.fn(() => null);
    vi.stubGlobal('open', opened);
    openAbout(() => json(about()), { 'POST /api/quizzes/resource': () => json({ resource: subTopic.resources[0], usage: {} }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Open Linear equations slides' }, FIRST_PAINT));
    expect(opened).toHaveBeenCalledWith('https://example.test/slides.pdf', '_blank');
    // The browser blocked the new tab: the link is there to follow.
    expect(await screen.findByRole('link', { name: /Open Linear equations slides/ })).toHaveAttribute('href', 'https://example.test/slides.pdf');
  });

  it('gives no link when the server refuses the opening, and says why', async () => {
    const opened = vi.fn(() => null);
    vi.stubGlobal('open', opened);
    const limit = 'You have used your 300 slide views this month. Upgrade your plan, or wait until 1 February 2026 when it resets.';
    openAbout(() => json(about()), { 'POST /api/quizzes/resource': () => json({ message: limit }, 403) });
    await userEvent.click(await screen.findByRole('button', { name: 'Open Linear equations slides' }, FIRST_PAINT));
    expect(await screen.findByRole('alert')).toHaveTextContent(limit);
    expect(opened).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: /Open Linear equations slides/ })).toBeNull();
  });

  it('shows Not Found for a quiz that is not there', async () => {
    openAbout(() => json({ message: 'Quiz not found' }, 404));
    expect(await screen.findByRole('heading', { level: 1, name: /not found/i }, FIRST_PAINT)).toBeInTheDocument();
  });

  it('tells a tutor the page is for learners', async () => {
    openAbout(() => json({ message: 'Quizzes are taken by students: sign in as a student or start a free trial' }, 403));
    expect(await screen.findByRole('heading', { level: 1, name: 'This page is for learners' }, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.getByText(/sign in as a student/)).toBeInTheDocument();
  });

  it('offers Retry after a failed load, and shows the page once it loads', async () => {
    let fail = true;
    openAbout(() => (fail ? json({ message: 'boom' }, 500) : json(about())));
    const retry = await screen.findByRole('button', { name: 'Retry' }, FIRST_PAINT);
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('link', { name: 'Start the quiz' })).toBeInTheDocument();
  });
});
