import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import {
  PROGRESS_MESSAGES,
  type ProgressDoc,
  type ProgressLearner,
  type SubjectProgress,
  type SubjectProgressDoc,
  type WeekPoint,
} from '../../schema/contracts/progress';
import { ProgressBars } from '../../web/features/progress/ProgressBars';
import { WeeklyChart } from '../../web/features/progress/WeeklyChart';
import { baseApi, renderApp, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

const FIRST_PAINT = { timeout: 10_000 };
const SAM = user();
const PAT = user({ _id: 'user_parent', firstname: 'Pat', lastname: 'Parent', role: { name: 'PARENT', isGuest: false } });

const weeks = (scores: (number | null)[]): WeekPoint[] =>
  scores.map((scorePercent, i) => ({
    week: new Date(Date.UTC(2026, 0, 5 + i * 7)).toISOString().slice(0, 10),
    attempts: scorePercent === null ? 0 : 2,
    scorePercent,
  }));

const subject = (overrides: Partial<SubjectProgress> = {}): SubjectProgress => ({
  subjectId: 'subject_maths',
  subject: 'Mathematics',
  subjectCode: '0580',
  curriculumId: 'curriculum_igcse',
  curriculum: 'Cambridge IGCSE',
  path: '/cambridge-igcse/maths',
  followed: false,
  lastSubTopicId: null,
  percent: 12,
  scorePercent: 64,
  attempts: 5,
  practisedSubTopics: 4,
  totalSubTopics: 20,
  lessons: 3,
  lessonsAttended: 2,
  lessonMinutes: 110,
  lastActivityAt: '2026-01-20T08:00:00.000Z',
  weeks: weeks([null, 40, null, 55, 70, null, 80, 64]),
  ...overrides,
});

const learner = { _id: 'user_student', firstname: 'Sam', lastname: 'Student' };
const doc = (subjects: SubjectProgress[]): ProgressDoc => ({
  _id: 'user_student',
  userId: 'user_student',
  learner,
  subjects,
  curricula: subjects.length
    ? [{ _id: 'curriculum_igcse', curriculumId: { _id: 'curriculum_igcse', name: 'Cambridge IGCSE' }, userId: 'user_student', percent: 9, subjects }]
    : [],
});

function signedIn(who: Record<string, unknown>, handlers: Parameters<typeof mockApi>[0]) {
  storeSession(who as { _id: string });
  return mockApi({ ...baseApi, 'GET /api/user/authUser': () => json({ ...who, actingFor: who }), ...handlers });
}

describe('the progress charts', () => {
  it('draws a bar per subject as wide as its mastery, with the marks tick, described in words and linked', () => {
    render(
      <MemoryRouter>
        <ProgressBars
          title="By subject"
          bars={[
            { key: 'm', label: 'Mathematics', percent: 42, scorePercent: 70, detail: '4 of 20 sub topics practised', to: '/dashboard/progress/u/m' },
            { key: 'p', label: 'Physics', percent: 140, detail: 'no quizzes yet' },
          ]}
        />
      </MemoryRouter>,
    );
    const fills = screen.getAllByTestId('bar-fill');
    expect(fills.map((f) => f.getAttribute('width'))).toEqual(['42', '100']);
    expect(screen.getByRole('img', { name: 'Mathematics: 42% mastered, 70% of the marks scored' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Physics: 100% mastered' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Mathematics/ })).toHaveAttribute('href', '/dashboard/progress/u/m');
  });

  it('draws a column for each week with work and an empty slot for a week without, and says which is which', () => {
    render(<WeeklyChart title="Marks, week by week" weeks={weeks([null, 40, 100])} />);
    const columns = screen.getAllByTestId('week-column');
    expect(columns.map((c) => c.getAttribute('height'))).toEqual(['40', '100']);
    const chart = screen.getByRole('img');
    expect(chart.getAttribute('aria-label')).toContain('week of 5 Jan: no quizzes');
    expect(chart.getAttribute('aria-label')).toContain('week of 12 Jan: 2 quizzes, 40%');
  });
});

describe('/dashboard/progress', () => {
  it("shows Sam his own progress: a chart for his curriculum with a bar per subject leading to the subject's page", async () => {
    signedIn(SAM, {
      'GET /api/progress/user_student': () => json(doc([subject(), subject({ subjectId: 'subject_physics', subject: 'Physics', percent: 3 })])),
    });
    renderApp('/dashboard/progress');
    expect(await screen.findByRole('heading', { name: 'Your progress' }, FIRST_PAINT)).toBeInTheDocument();
    const igcse = screen.getByRole('region', { name: 'Cambridge IGCSE' });
    expect(within(igcse).getByRole('img', { name: 'Mathematics: 12% mastered, 64% of the marks scored' })).toBeInTheDocument();
    expect(within(igcse).getAllByText('4 of 20 sub topics practised · 5 quizzes, 64% of the marks · 2 of 3 lessons attended')).toHaveLength(2);
    expect(within(igcse).getByRole('link', { name: /Physics/ })).toHaveAttribute('href', '/learning-portal/dashboard/progress/user_student/subject_physics');
    expect(screen.queryByTestId('coming-soon')).not.toBeInTheDocument();
  });

  it('says what to do when there is no progress yet', async () => {
    signedIn(SAM, { 'GET /api/progress/user_student': () => json(doc([])) });
    renderApp('/dashboard/progress');
    expect(await screen.findByRole('heading', { name: 'No progress yet' }, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.getByText('Finish a quiz or attend a lesson and your progress shows here, subject by subject.')).toBeInTheDocument();
  });

  it('lists a parent’s children, each leading to their progress', async () => {
    const children: ProgressLearner[] = [
      { learner: { _id: 'user_student2', firstname: 'Maya', lastname: 'Student' }, attempts: 0, scorePercent: null, lessonsAttended: 0, lastActivityAt: null },
      { learner, attempts: 3, scorePercent: 71, lessonsAttended: 2, lastActivityAt: '2026-01-20T08:00:00.000Z' },
    ];
    signedIn(PAT, { 'GET /api/progress/learners': () => json(children) });
    renderApp('/dashboard/progress');
    expect(await screen.findByRole('heading', { name: 'Your children' }, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Sam Student.*3 quizzes, 71% of the marks · 2 lessons attended/ })).toHaveAttribute(
      'href',
      '/learning-portal/dashboard/progress/user_student',
    );
    expect(screen.getByRole('link', { name: /Maya Student.*No quizzes yet/ })).toBeInTheDocument();
  });

  it('shows Not Found, never a coming-soon page, for another learner’s progress or an unknown dashboard page', async () => {
    signedIn(PAT, { 'GET /api/progress/user_zed': () => json({ message: 'Progress not found', errors: [] }, 404) });
    renderApp('/dashboard/progress/user_zed');
    expect(await screen.findByRole('heading', { name: /not found/i }, FIRST_PAINT)).toBeInTheDocument();
  });

  it('answers an unknown dashboard address with Not Found', async () => {
    signedIn(SAM, {});
    renderApp('/dashboard/notes');
    expect(await screen.findByRole('heading', { name: /not found/i }, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.queryByTestId('coming-soon')).not.toBeInTheDocument();
  });
});

describe('/dashboard/progress/:userId/:subjectId', () => {
  const detail = (overrides: Partial<SubjectProgressDoc> = {}): SubjectProgressDoc => ({
    ...subject(),
    userId: 'user_student',
    learner,
    topics: [
      {
        topicId: 't1',
        name: 'Algebra',
        percent: 35,
        attempts: 4,
        scorePercent: 58,
        subTopics: [{ subTopicId: 's1', name: 'Linear equations', attempts: 4, scorePercent: 58, band: 'Revise', lastAttemptAt: '2026-01-20T08:00:00.000Z' }],
      },
      {
        topicId: 't2',
        name: 'Number',
        percent: 0,
        attempts: 0,
        scorePercent: null,
        subTopics: [{ subTopicId: 's2', name: 'Fractions', attempts: 0, scorePercent: null, band: null, lastAttemptAt: null }],
      },
    ],
    next: [
      { subTopicId: 's1', name: 'Linear equations', kind: 'REVISE', text: 'Revise Linear equations: 58% of the marks so far.' },
      { subTopicId: 's2', name: 'Fractions', kind: 'START', text: 'Start Fractions: not practised yet.' },
    ],
    ...overrides,
  });

  it('charts each topic, lists what to do next, and lets Sam follow the subject', async () => {
    const saved: unknown[] = [];
    signedIn(SAM, {
      'POST /api/progress/getSubjectProgress': ({ json: body }) => {
        expect(body).toEqual({ userId: 'user_student', subjectId: 'subject_maths' });
        return json(detail({ followed: saved.length > 0 }));
      },
      'GET /api/progress/user_student': () => json(doc([subject({ subjectId: 'subject_physics', subjectCode: '0625', followed: true })])),
      'POST /api/progress': ({ json: body }) => {
        saved.push(body);
        return json(doc([]));
      },
    });
    renderApp('/dashboard/progress/user_student/subject_maths');
    expect(await screen.findByRole('heading', { name: 'Mathematics' }, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Algebra: 35% mastered, 58% of the marks scored' })).toBeInTheDocument();
    const next = screen.getByRole('heading', { name: 'What to do next' }).parentElement!;
    expect(within(next).getByText('Revise Linear equations: 58% of the marks so far.')).toBeInTheDocument();
    expect(screen.getByText('2 of 3 lessons attended, 110 minutes in the lesson room.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Practise Mathematics/ })).toHaveAttribute('href', '/learning-portal/cambridge-igcse/maths');
    await userEvent.click(screen.getByRole('button', { name: 'Follow this subject' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      subjects: [
        { subjectCode: '0625', lastSubTopicId: null },
        { subjectCode: '0580', lastSubTopicId: null },
      ],
    });
    expect(await screen.findByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows a tutor the student’s name and no follow button', async () => {
    const THEO = user({ _id: 'user_tutor', firstname: 'Theo', lastname: 'Tutor', role: { name: 'TUTOR', isGuest: false } });
    signedIn(THEO, { 'POST /api/progress/getSubjectProgress': () => json(detail()) });
    renderApp('/dashboard/progress/user_student/subject_maths');
    expect(await screen.findByText('Sam Student · Cambridge IGCSE', {}, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow this subject' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sam Student: progress' })).toHaveAttribute('href', '/learning-portal/dashboard/progress/user_student');
  });
});

describe('/unsubscribe/progress', () => {
  it('asks first, then turns progress e-mail off with the link’s token and says so', async () => {
    const sent: unknown[] = [];
    mockApi({
      ...baseApi,
      'POST /api/oauth/token': () => json({ message: 'no', errors: [] }, 401),
      'POST /api/progress/unsubscribe': ({ json: body }) => {
        sent.push(body);
        return json({ message: PROGRESS_MESSAGES.unsubscribed });
      },
    });
    renderApp('/unsubscribe/progress?token=abc.def.ghi');
    await userEvent.click(await screen.findByRole('button', { name: 'Stop progress e-mails' }, FIRST_PAINT));
    expect(await screen.findByText(PROGRESS_MESSAGES.unsubscribed)).toBeInTheDocument();
    expect(sent).toEqual([{ token: 'abc.def.ghi' }]);
  });

  it('says plainly when the link is not valid', async () => {
    mockApi({
      ...baseApi,
      'POST /api/oauth/token': () => json({ message: 'no', errors: [] }, 401),
      'POST /api/progress/unsubscribe': () => json({ message: PROGRESS_MESSAGES.badLink, errors: [] }, 403),
    });
    renderApp('/unsubscribe/progress?token=forged');
    await userEvent.click(await screen.findByRole('button', { name: 'Stop progress e-mails' }, FIRST_PAINT));
    expect(await screen.findByText(PROGRESS_MESSAGES.badLink)).toBeInTheDocument();
  });
});
