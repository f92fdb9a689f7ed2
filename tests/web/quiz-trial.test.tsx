import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { QuizAboutPage, QuizDoc, SubmissionDoc } from '../../schema/contracts/quiz';
import { alreadyHadTrial, TRIAL_BOOKED, TRIAL_SLOT_TAKEN } from '../../schema/contracts/trials';
import QuizResults from '../../web/features/quiz/QuizResults';
import { renderApp, signedInApi, storeSession } from './app-harness';
import { GUEST, json, mockApi, user } from './fetch-mock';
import { setA } from './quiz-submission';

const FIRST_PAINT = { timeout: 10_000 };
const SAM = user();
const ACTION = 'Book a free trial lesson on this topic';
const SUBJECT = { curriculum: 'Cambridge IGCSE', subject: 'Mathematics', grade: 'Grade 10' };

const quiz: QuizDoc = {
  _id: 'quiz1',
  title: 'Linear equations A',
  topicId: 'topic1',
  subTopicId: null,
  paper: null,
  ...SUBJECT,
  subjectLevel: 'IGCSE',
  subjectCode: '0580',
  questionIds: ['q1'],
  timeLimitSeconds: null,
  isPublished: true,
  topic: { _id: 'topic1', name: 'Algebra' },
  subTopic: null,
};

const about = (over: Partial<QuizAboutPage> = {}): QuizAboutPage => ({
  quiz,
  questionCount: 1,
  openQuestions: 0,
  maxScore: 1,
  difficulties: { EASY: 1, MEDIUM: 0, HARD: 0 },
  attempts: 1,
  bestPercent: 100,
  lastSubmissionId: 'sub1',
  inProgressSubmissionId: null,
  ...over,
});

const SLOT = { user: 'theo', start: '2031-01-06T01:00:00.000Z', end: '2031-01-06T01:30:00.000Z', timezone: 'Asia/Singapore' };
const LATER = { user: 'theo', start: '2031-01-06T03:00:00.000Z', end: '2031-01-06T03:30:00.000Z', timezone: 'Asia/Singapore' };
const theo = { _id: 'theo', firstname: 'Theo', lastname: 'Tutor', email: null };
const BOOKED = { trial: { _id: 'trial1', ...SUBJECT, start: SLOT.start, end: SLOT.end, tutor: theo, status: 'SCHEDULED' }, courseId: 'course1' };

function openAbout(handlers: Parameters<typeof mockApi>[0], answer: QuizAboutPage = about()) {
  storeSession(SAM);
  const fetch = mockApi({
    ...signedInApi(SAM),
    'POST /api/submissions/getQuizDataForAboutPage': () => json(answer),
    'GET /api/submissions': () => json({ docs: [], totalDocs: 0, limit: 3, offset: 0 }),
    ...handlers,
  });
  const router = renderApp('/quizzes/quiz1');
  return { fetch, router };
}

/** Opens the dialog from the about page and picks a day after today in its calendar. */
async function openDialogAndPickDay() {
  const u = userEvent.setup();
  await u.click(await screen.findByRole('button', { name: ACTION }, FIRST_PAINT));
  const dialog = await screen.findByRole('dialog', { name: 'Book a free trial lesson' }, FIRST_PAINT);
  expect(within(dialog).getByText('Choose a day first.')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Book Trial' })).toBeDisabled();
  const enabled = () =>
    within(within(dialog).getAllByRole('grid')[0]!)
      .queryAllByRole('button')
      .filter((b) => !b.hasAttribute('disabled') && !/^Today/.test(b.getAttribute('aria-label') ?? ''));
  if (enabled().length === 0) await u.click(within(dialog).getAllByRole('button', { name: /next month/i })[0]!);
  await u.click(enabled()[0]!);
  return { u, dialog };
}

const slotButtons = (dialog: HTMLElement) => within(within(dialog).getByRole('group', { name: 'Select your slot' })).findAllByRole('button');

describe('booking a free trial lesson from a quiz', () => {
  it('asks only for a day and a time, books from the attempt, and links to the trial', async () => {
    const slotQueries: unknown[] = [];
    const bookings: unknown[] = [];
    const { router } = openAbout({
      'POST /api/user-availability/slots/trial': ({ json: body }) => {
        slotQueries.push(body);
        return json([SLOT, LATER]);
      },
      'POST /api/trials/createFromQuiztopiya': ({ json: body }) => {
        bookings.push(body);
        return json(BOOKED, 201);
      },
      'GET /api/trials': () => json({ upcomingTrials: [BOOKED.trial], completedTrials: [] }),
    });
    const { u, dialog } = await openDialogAndPickDay();
    expect(within(dialog).getByText(/free 30-minute lesson on/)).toHaveTextContent('Mathematics (Grade 10), Cambridge IGCSE');
    const [first] = await slotButtons(dialog);
    expect(slotQueries[0]).toMatchObject({ ...SUBJECT, timezone: 'Asia/Singapore' });
    await u.click(first!);
    await u.click(within(dialog).getByRole('button', { name: 'Book Trial' }));
    expect(await screen.findByText(TRIAL_BOOKED)).toBeInTheDocument();
    expect(bookings).toEqual([{ submissionId: 'sub1', startDate: SLOT.start, endDate: SLOT.end }]);
    expect(within(dialog).getByRole('status')).toHaveTextContent(/Your lesson in Mathematics \(Grade 10\) is on .+ with Theo Tutor\./);
    expect(screen.getByRole('dialog', { name: 'Your free trial lesson is booked' })).toBe(dialog);
    expect(within(dialog).getByRole('link', { name: 'Open the trial course' })).toHaveAttribute('href', '/learning-portal/portal/courses/course1');
    await u.click(within(dialog).getByRole('link', { name: 'See it in My trials' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/learning-portal/portal/trials'));
  });

  it('tells a student who already had a trial in the subject so, in the server’s sentence', async () => {
    const refusal = alreadyHadTrial(SUBJECT, false);
    openAbout({
      'POST /api/user-availability/slots/trial': () => json([SLOT]),
      'POST /api/trials/createFromQuiztopiya': () => json({ message: refusal, errors: [] }, 409),
    });
    const { u, dialog } = await openDialogAndPickDay();
    await u.click((await slotButtons(dialog))[0]!);
    await u.click(within(dialog).getByRole('button', { name: 'Book Trial' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(within(dialog).getByRole('link', { name: 'Go to My trials' })).toHaveAttribute('href', '/learning-portal/portal/trials');
    expect(within(dialog).queryByRole('button', { name: 'Book Trial' })).toBeNull();
  });

  it('reloads the times when the chosen one was just taken', async () => {
    let loads = 0;
    openAbout({
      'POST /api/user-availability/slots/trial': () => {
        loads += 1;
        return json(loads === 1 ? [SLOT, LATER] : [LATER]);
      },
      'POST /api/trials/createFromQuiztopiya': () => json({ message: TRIAL_SLOT_TAKEN, errors: [] }, 409),
    });
    const { u, dialog } = await openDialogAndPickDay();
    await u.click((await slotButtons(dialog))[0]!);
    await u.click(within(dialog).getByRole('button', { name: 'Book Trial' }));
    expect(await screen.findByText(TRIAL_SLOT_TAKEN)).toBeInTheDocument();
    await waitFor(() => expect(loads).toBe(2));
    await waitFor(async () => expect(await slotButtons(dialog)).toHaveLength(1));
    expect(within(dialog).getByRole('button', { name: 'Book Trial' })).toBeDisabled();
  });

  it('is not offered on the about page before the learner has an attempt', async () => {
    openAbout({}, about({ attempts: 0, bestPercent: null, lastSubmissionId: null }));
    await screen.findByRole('link', { name: 'Start the quiz' }, FIRST_PAINT);
    expect(screen.queryByRole('button', { name: ACTION })).toBeNull();
  });
});

describe('the offer on a quiz’s results', () => {
  const doc = { ...setA, _id: 'sub1', status: 'COMPLETED', score: 1, maxScore: 1, band: 'Very Good', aiFeedback: null, questions: [] };
  const results = () =>
    render(
      <Provider store={createStore()}>
        <MemoryRouter>
          <QuizResults doc={{ ...doc, quiz: setA } as unknown as SubmissionDoc} />
        </MemoryRouter>
      </Provider>,
    );

  it('is there for a signed-in student', () => {
    storeSession(SAM);
    results();
    expect(screen.getByRole('button', { name: ACTION })).toBeInTheDocument();
    expect(screen.getByText(/free 30-minute, one-to-one trial lesson in Mathematics \(Grade 10\)/)).toBeInTheDocument();
  });

  it('is not offered to a guest on the quiz trial, who has no account to book lessons with', () => {
    storeSession(GUEST);
    results();
    expect(screen.getByTestId('result-score')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ACTION })).toBeNull();
  });
});
