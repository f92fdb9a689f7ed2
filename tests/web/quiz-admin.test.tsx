import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuestionDoc, SubTopicPage } from '../../schema/contracts/content';
import { fullAdminPermissions } from '../../schema/contracts/permissions';
import type { QuizDoc, SubmissionQuestion, SubmissionReview, UsageResponse } from '../../schema/contracts/quiz';
import { createInputOf, emptyQuizForm } from '../../web/features/content-admin/quiz-form';
import { overrideInputOf } from '../../web/features/quiz-review/override-form';
import { baseApi, renderApp, storeSession } from './app-harness';
import { json, mockApi, user } from './fetch-mock';

afterEach(() => vi.unstubAllGlobals());

/** The pages are lazy chunks; their first import can take a while on a loaded machine. */
const SLOW = { timeout: 5000 };
const ADMIN = user({ _id: 'user_admin', firstname: 'Ada', role: { name: 'ADMIN', isGuest: false } });
const TUTOR = user({ _id: 'user_tutor', firstname: 'Theo', role: { name: 'TUTOR', isGuest: false } });
const SAM = user();

const SUB_TOPIC: SubTopicPage = {
  _id: 'st1',
  topicId: 't1',
  name: 'Linear equations',
  slug: 'linear-equations',
  summary: '',
  sortingOrder: 0,
  resources: [],
  videoLinks: [{ _id: 'v1', title: 'Worked example', url: 'https://video.example/1', sortingOrder: 0 }],
  contents: [{ _id: 'b1', title: 'Balancing', body: '<p>Do the same to both sides.</p>' }],
  faqs: [],
  reviews: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  topic: { _id: 't1', name: 'Algebra', slug: 'algebra' },
  questionCount: 3,
  quizId: null,
};

const question = (n: number): QuestionDoc => ({
  _id: `q${n}`,
  subTopicId: 'st1',
  kind: 'MCQ',
  text: `Solve question ${n}`,
  options: [
    { _id: `q${n}a`, text: '1' },
    { _id: `q${n}b`, text: '2' },
  ],
  correctOptionId: `q${n}a`,
  answer: '',
  explanation: '',
  hint: '',
  markScheme: [],
  maxMarks: 1,
  difficulty: 'EASY',
  level: 1,
  isApproved: true,
  openAimarking: false,
  aiHint: true,
  approvedBy: 'user_admin',
  createdBy: 'user_admin',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const quiz = (over: Partial<QuizDoc>): QuizDoc => ({
  _id: 'quiz_a',
  title: 'Practice set A',
  topicId: 't1',
  subTopicId: 'st1',
  paper: null,
  curriculum: 'Cambridge IGCSE',
  subject: 'Mathematics',
  grade: 'Grade 10',
  subjectLevel: null,
  subjectCode: null,
  questionIds: ['q1', 'q2', 'q3'],
  timeLimitSeconds: null,
  isPublished: true,
  topic: { _id: 't1', name: 'Algebra' },
  subTopic: { _id: 'st1', name: 'Linear equations' },
  ...over,
});

describe('quiz form rules', () => {
  it('needs a title and a question, takes whole minutes or blank, and sends seconds', () => {
    const empty = createInputOf(emptyQuizForm(), { topicId: 't1', subTopicId: 'st1' });
    expect(empty).toEqual({ ok: false, errors: { title: 'Give the quiz a title', questionIds: 'Pick at least one question' } });
    const bad = createInputOf({ title: 'Set', paper: '', subjectLevel: '', minutes: '1.5', questionIds: ['q1'] }, { topicId: 't1' });
    expect(bad.ok ? null : bad.errors.minutes).toBe('Enter whole minutes, or leave it blank');
    const good = createInputOf(
      { title: ' Set C ', paper: 'Paper 2', subjectLevel: ' Extended ', minutes: '15', questionIds: ['q2', 'q1'] },
      { topicId: 't1', subTopicId: 'st1' },
    );
    expect(good).toEqual({
      ok: true,
      input: { title: 'Set C', topicId: 't1', subTopicId: 'st1', paper: 'Paper 2', subjectLevel: 'Extended', questionIds: ['q2', 'q1'], timeLimitSeconds: 900 },
    });
    const untimed = createInputOf({ title: 'Set', paper: '', subjectLevel: '', minutes: '', questionIds: ['q1'] }, { topicId: 't1' });
    expect(untimed.ok && untimed.input.timeLimitSeconds).toBeNull();
  });

  it('needs a reason for an override and a mark within the question', () => {
    const ref = { submissionId: 's1', questionId: 'q1', maxMarks: 2 };
    expect(overrideInputOf({ score: '3', reason: '' }, ref)).toEqual({
      ok: false,
      errors: { score: 'At most 2: the question is worth 2 marks', reason: 'Say why: the student sees this reason' },
    });
    expect(overrideInputOf({ score: '', reason: 'ok' }, ref)).toEqual({
      ok: false,
      errors: { score: 'Enter a mark from 0 to 2', reason: 'Write at least 3 characters' },
    });
    expect(overrideInputOf({ score: '1.5', reason: ' Method right ' }, ref)).toEqual({
      ok: true,
      input: { submissionId: 's1', questionId: 'q1', score: 1.5, reason: 'Method right' },
    });
  });
});

describe('quiz builder on the sub topic admin page', () => {
  function open() {
    storeSession(ADMIN);
    const sent: { method: string; url: string; body: unknown }[] = [];
    const questions = [question(1), question(2), question(3)];
    mockApi({
      ...baseApi,
      'GET /api/user/authUser': () => json({ ...ADMIN, actingFor: ADMIN }),
      'GET /api/admin/settings/permissions': () => json({ role: null, permissions: fullAdminPermissions }),
      'GET /api/subtopics/st1': () => json(SUB_TOPIC),
      'GET /api/admin/questions': ({ url }) => {
        const approvedOnly = new URL(url, 'http://x').searchParams.get('isApproved') === 'true';
        const docs = approvedOnly ? questions : [...questions, { ...question(4), isApproved: false }];
        return json({ docs, totalDocs: docs.length, limit: 100, offset: 0 });
      },
      'GET /api/admin/quizzes': () => json({ docs: [quiz({})], totalDocs: 1, limit: 10, offset: 0 }),
      'POST /api/admin/quizzes': ({ json: body, url }) => {
        sent.push({ method: 'POST', url, body });
        const input = body as { title: string; questionIds: string[]; timeLimitSeconds: number | null };
        return json(
          {
            message: 'Quiz Created',
            quiz: quiz({ _id: 'quiz_new', title: input.title, questionIds: input.questionIds, timeLimitSeconds: input.timeLimitSeconds, isPublished: false }),
          },
          201,
        );
      },
      'PUT /api/admin/quizzes/publish/quiz_new': ({ json: body, url }) => {
        sent.push({ method: 'PUT', url, body });
        const input = body as { isPublished: boolean; title?: string; timeLimitSeconds?: number | null };
        return json({
          message: 'Quiz updated',
          quiz: quiz({
            _id: 'quiz_new',
            title: input.title ?? 'Set C',
            questionIds: ['q2', 'q1'],
            timeLimitSeconds: input.timeLimitSeconds ?? 900,
            isPublished: input.isPublished,
          }),
        });
      },
    });
    renderApp('/portal/admin/content/subtopics/st1');
    return sent;
  }

  it('creates a quiz from picked approved questions, puts it first with the count +1, publishes it and edits its time limit', async () => {
    const sent = open();
    await userEvent.click(await screen.findByRole('tab', { name: 'Quizzes' }, SLOW));
    expect(await screen.findByText('Practice set A')).toBeInTheDocument();
    expect(screen.getByTestId('quiz-count')).toHaveTextContent('(1)');

    await userEvent.click(screen.getByRole('button', { name: 'New quiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'New quiz' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create quiz' }));
    expect(within(dialog).getByText('Give the quiz a title')).toBeInTheDocument();
    expect(within(dialog).getByText('Pick at least one question')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(/Title/), 'Set C');
    await userEvent.type(within(dialog).getByLabelText(/Time limit in minutes/), '15');
    expect(await within(dialog).findByText('Solve question 2')).toBeInTheDocument();
    expect(within(dialog).queryByText('Solve question 4')).toBeNull();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Solve question 2/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Solve question 1/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create quiz' }));

    expect(await screen.findByText('Quiz Created')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      method: 'POST',
      body: { title: 'Set C', topicId: 't1', subTopicId: 'st1', questionIds: ['q2', 'q1'], timeLimitSeconds: 900 },
    });
    const rows = screen.getAllByTestId('quiz-row');
    expect(within(rows[0]!).getByText('Set C')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Draft')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('15 min', { exact: false })).toBeInTheDocument();
    expect(screen.getByTestId('quiz-count')).toHaveTextContent('(2)');

    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Publish Set C' }));
    expect(await screen.findByText('Quiz updated')).toBeInTheDocument();
    expect(sent[1]).toMatchObject({ method: 'PUT', body: { isPublished: true } });
    await waitFor(() => expect(within(screen.getAllByTestId('quiz-row')[0]!).getByText('Published')).toBeInTheDocument());

    await userEvent.click(within(screen.getAllByTestId('quiz-row')[0]!).getByRole('button', { name: 'Edit Set C' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit quiz' });
    expect(within(edit).getByLabelText(/Title/)).toHaveValue('Set C');
    expect(within(edit).queryByRole('checkbox')).toBeNull();
    const minutes = within(edit).getByLabelText(/Time limit in minutes/);
    expect(minutes).toHaveValue('15');
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '20');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent[2]).toMatchObject({ method: 'PUT', body: { isPublished: true, title: 'Set C', timeLimitSeconds: 1200 } }));
    await waitFor(() => expect(within(screen.getAllByTestId('quiz-row')[0]!).getByText('20 min', { exact: false })).toBeInTheDocument());
  });
});

describe('topic-wide quizzes on the content page', () => {
  it('lists every quiz of the topic with its sub topic, and builds one from the approved questions of all its sub topics', async () => {
    storeSession(ADMIN);
    const sent: unknown[] = [];
    const questionQueries: string[] = [];
    mockApi({
      ...baseApi,
      'GET /api/user/authUser': () => json({ ...ADMIN, actingFor: ADMIN }),
      'GET /api/admin/settings/permissions': () => json({ role: null, permissions: fullAdminPermissions }),
      'GET /api/curriculums/getCurriculumsForHomePage': () =>
        json([
          {
            _id: 'c1',
            curriculum: 'Cambridge IGCSE',
            slug: 'cambridge-igcse',
            description: '',
            subjects: [{ _id: 's1', subject: 'Mathematics', slug: 'maths', grade: [{ _id: 'g1', grade: 'Grade 10' }] }],
          },
        ]),
      'POST /api/topics': () => json([{ _id: 't1', subjectId: 's1', gradeId: 'g1', name: 'Algebra', slug: 'algebra', description: '', sortingOrder: 0 }]),
      'GET /api/admin/subtopics': () =>
        json({ docs: [SUB_TOPIC, { ...SUB_TOPIC, _id: 'st2', name: 'Inequalities', slug: 'inequalities' }], totalDocs: 2, limit: 100, offset: 0 }),
      'GET /api/admin/quizzes': ({ url }) => {
        expect(new URL(url, 'http://x').searchParams.has('subTopicId')).toBe(false);
        return json({
          docs: [quiz({}), quiz({ _id: 'quiz_topic', title: 'Algebra mixed', subTopicId: null, subTopic: null })],
          totalDocs: 2,
          limit: 10,
          offset: 0,
        });
      },
      'GET /api/admin/questions': ({ url }) => {
        questionQueries.push(new URL(url, 'http://x').searchParams.get('subTopicIds') ?? '');
        return json({ docs: [question(1), { ...question(5), subTopicId: 'st2' }], totalDocs: 2, limit: 100, offset: 0 });
      },
      'POST /api/admin/quizzes': ({ json: body }) => {
        sent.push(body);
        return json(
          { message: 'Quiz Created', quiz: quiz({ _id: 'quiz_new', title: 'Algebra review', subTopicId: null, subTopic: null, isPublished: false }) },
          201,
        );
      },
    });
    renderApp('/portal/admin/content');
    const section = await screen.findByRole('region', { name: /Quizzes of Algebra/ }, SLOW);
    expect(screen.getByRole('region', { name: 'Topics' })).toBeInTheDocument();
    expect(screen.getByText('Topics, sub topics, their notes, the question bank and quizzes.')).toBeInTheDocument();
    expect(screen.queryByText(/TopicList/)).toBeNull();
    const rows = await within(section).findAllByTestId('quiz-row');
    expect(rows[1]).toHaveTextContent('Whole topic');
    expect(rows[0]).toHaveTextContent('Linear equations');

    await userEvent.click(within(section).getByRole('button', { name: 'New quiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'New quiz' });
    await userEvent.type(within(dialog).getByLabelText(/Title/), 'Algebra review');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Choose all' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create quiz' }));
    expect(await screen.findByText('Quiz Created')).toBeInTheDocument();
    expect(questionQueries).toEqual(['st1,st2']);
    expect(sent).toEqual([{ title: 'Algebra review', topicId: 't1', questionIds: ['q1', 'q5'], timeLimitSeconds: null }]);
    expect(within(section).getAllByTestId('quiz-row')[0]).toHaveTextContent('Algebra review');
  });
});

describe('attempt review and override', () => {
  const openQuestion: SubmissionReview['questions'][number] = {
    _id: 'a1',
    questionId: 'q9',
    position: 0,
    kind: 'OPEN',
    text: 'Solve $2x + 3 = 11$, showing your working.',
    options: [],
    maxMarks: 2,
    difficulty: 'MEDIUM',
    openAimarking: true,
    aiHint: true,
    status: 'ANSWERED',
    optionId: null,
    answer: 'x = 4',
    answeredAt: 1,
    timerStart: null,
    timerEnd: null,
    hint: null,
    hintSource: null,
    modelAnswer: '2x = 8, so x = 4',
    correctOptionId: null,
    explanation: null,
    score: 1,
    reasons: ['Credited: x = 4 (+1 mark)', 'Missing: subtracts 3 from both sides'],
    markSource: 'HELPER',
    helperSource: 'offline',
    helperVersion: 'offline-1',
    overrideReason: null,
    openAiFeedback: null,
    rubric: [
      { _id: 'p1', point: 'Subtracts 3 from both sides', marks: 1, keywords: [] },
      { _id: 'p2', point: 'x = 4', marks: 1, keywords: [] },
    ],
  };
  const review: SubmissionReview = {
    _id: 'sub1',
    userId: 'user_student',
    status: 'COMPLETED',
    isTimerEnabled: false,
    countdownSeconds: null,
    timerStart: null,
    timerEnd: null,
    serverNow: '2026-11-20T10:00:00.000Z',
    score: 1,
    maxScore: 2,
    band: 'Revise',
    aiFeedback: null,
    aiFeedbackSource: null,
    completedAt: '2026-11-20T10:00:00.000Z',
    isTrial: false,
    quiz: {
      _id: 'quiz_a',
      title: 'Practice set A',
      grade: 'Grade 10',
      topic: { _id: 't1', curriculum: 'Cambridge IGCSE', subject: 'Mathematics', name: 'Algebra' },
      subTopic: { _id: 'st1', name: 'Linear equations' },
    },
    questions: [openQuestion],
    learner: { _id: 'user_student', firstname: 'Sam', lastname: 'Student' },
    mayOverride: true,
  };

  it('shows the answer, reasons and rubric, refuses an override without a reason, and saves one with it', async () => {
    storeSession(TUTOR);
    const sent: unknown[] = [];
    mockApi({
      ...baseApi,
      'GET /api/user/authUser': () => json({ ...TUTOR, actingFor: TUTOR }),
      'GET /api/admin/submissions/sub1': () => json(review),
      'POST /api/submissions/overrideMark': ({ json: body }) => {
        sent.push(body);
        const saved: SubmissionQuestion = {
          ...openQuestion,
          score: 2,
          markSource: 'TUTOR',
          overrideReason: 'Working shown on paper',
          reasons: ['Marked by your tutor: Working shown on paper', ...openQuestion.reasons],
        };
        return json(saved);
      },
    });
    renderApp('/portal/students/user_student/quizzes/sub1');
    expect(await screen.findByRole('heading', { name: 'Practice set A' }, SLOW)).toBeInTheDocument();
    const card = screen.getByTestId('review-question');
    expect(within(card).getByText('Missing: subtracts 3 from both sides')).toBeInTheDocument();
    expect(within(card).getByText('Subtracts 3 from both sides')).toBeInTheDocument();
    expect(within(card).getByText('Offline helper')).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Override mark' }));
    const form = within(card).getByRole('form', { name: 'Override the mark' });
    const score = within(form).getByLabelText(/New mark/);
    await userEvent.clear(score);
    await userEvent.type(score, '3');
    await userEvent.click(within(form).getByRole('button', { name: 'Save mark' }));
    expect(within(form).getByText('At most 2: the question is worth 2 marks')).toBeInTheDocument();
    expect(within(form).getByText('Say why: the student sees this reason')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.clear(score);
    await userEvent.type(score, '2');
    await userEvent.type(within(form).getByLabelText(/Reason/), 'Working shown on paper');
    await userEvent.click(within(form).getByRole('button', { name: 'Save mark' }));
    expect(await screen.findByText('Mark updated')).toBeInTheDocument();
    expect(sent).toEqual([{ submissionId: 'sub1', questionId: 'q9', score: 2, reason: 'Working shown on paper' }]);
    expect(within(card).getByTestId('question-mark')).toHaveTextContent('2/2');
    expect(within(card).getByText('Marked by your tutor: Working shown on paper')).toBeInTheDocument();
    expect(screen.getByTestId('review-score')).toHaveTextContent('2 / 2');
  });
});

describe('usage on the sub topic page', () => {
  const SUBJECT = {
    curriculum: { _id: 'c1', name: 'Cambridge IGCSE', slug: 'cambridge-igcse', description: '' },
    subject: { _id: 's1', name: 'Mathematics', slug: 'maths', subjectCode: '0580' },
    topicsWithSubTopics: [
      {
        _id: 't1',
        subjectId: 's1',
        gradeId: 'g1',
        name: 'Algebra',
        slug: 'algebra',
        description: '',
        sortingOrder: 0,
        subTopics: [{ _id: 'st1', name: 'Linear equations', slug: 'linear-equations', summary: '', sortingOrder: 0, quizId: null }],
      },
    ],
  };
  const usage = (videoWatches: number): UsageResponse => ({
    period: '2026-11',
    used: { slideViews: 12, quizAttempts: 0, videoWatches },
    limits: { slideViews: 300, quizAttempts: 40, videoWatches: 100 },
    trial: null,
  });
  function open(slideViews: () => Response) {
    storeSession(SAM);
    const kinds: string[] = [];
    mockApi({
      ...baseApi,
      'GET /api/user/authUser': () => json({ ...SAM, actingFor: SAM }),
      'GET /api/topics/getTopicsBySubjectData': () => json(SUBJECT),
      'GET /api/subtopics/st1': () => json(SUB_TOPIC),
      'POST /api/usages': ({ json: body }) => {
        const kind = (body as { kind: string }).kind;
        kinds.push(kind);
        return kind === 'slideViews' ? slideViews() : json(usage(1));
      },
    });
    renderApp('/cambridge-igcse/maths/algebra/linear-equations');
    return kinds;
  }

  it("counts a student's visit as one slide view and an opened video as a video watch", async () => {
    const kinds = open(() => json(usage(0)));
    expect(await screen.findByRole('region', { name: 'Balancing' }, SLOW)).toBeInTheDocument();
    // The link opens the video in a new tab; here the click is kept from navigating the test's window.
    const stay = (event: Event) => event.preventDefault();
    document.addEventListener('click', stay);
    await userEvent.click(screen.getByRole('link', { name: /Worked example/ }));
    document.removeEventListener('click', stay);
    await waitFor(() => expect(kinds).toEqual(['slideViews', 'videoWatches']));
  });

  it('says why and what to do in place of the notes at the limit, and locks videos when none are left', async () => {
    const message = 'You have used all 300 slide views in your plan this month. Upgrade your plan, or wait until 1 December 2026 when it resets.';
    open(() => json({ message, errors: [] }, 403));
    expect(await screen.findByTestId('usage-limit-message', {}, SLOW)).toHaveTextContent(message);
    expect(screen.queryByRole('region', { name: 'Balancing' })).toBeNull();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    open(() => json(usage(100)));
    expect(await screen.findByRole('region', { name: 'Balancing' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/You have used all 100 video watches in your plan this month/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Worked example/ })).toBeNull();
  });
});
