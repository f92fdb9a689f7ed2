import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LearnerQuestion } from '../../schema/contracts/content';
import { type AiMarking, ASSESS_SIZE, type AssessCheck } from '../../schema/contracts/quiz';
import { questions, roles, submissions } from '../../schema/tables';
import { type Callers, call, ROLE_IDS, seedCallersAndMaya } from '../helpers/admins';
import { expectFieldError, signIn } from '../helpers/auth';
import { linearQuestions, QUIZ_IDS, seedQuizFixtures } from '../helpers/quiz-fixtures';
import { db, PARTNER_HOST } from '../helpers/seed';

let as: Callers;
let fixtures: Awaited<ReturnType<typeof linearQuestions>>;

beforeAll(async () => {
  ({ as } = await seedCallersAndMaya());
  fixtures = await seedQuizFixtures();
});

const assess = (query: string, token: string) => call('GET', `/questions/assess-questions?${query}`, token);
const mark = (questionId: string, answer: string, token: string, host?: string) =>
  call('GET', `/questions/ai-marking?${new URLSearchParams({ questionId, answer })}`, token, undefined, host);

describe('GET questions/assess-questions', () => {
  it('gives up to five approved questions of the sub topic, easiest level first, without answers', async () => {
    const res = await assess(`content=${QUIZ_IDS.subTopic}`, as.student);
    expect(res.status).toBe(200);
    const { docs } = await res.json<{ docs: (LearnerQuestion & Record<string, unknown>)[] }>();
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.length).toBeLessThanOrEqual(ASSESS_SIZE);
    expect(docs.every((q) => q.subTopicId === QUIZ_IDS.subTopic && !('answer' in q) && !('markScheme' in q) && !('correctOptionId' in q))).toBe(true);
    expect(docs.map((q) => q.level)).toEqual([...docs.map((q) => q.level)].sort((a, b) => a - b));
  });

  it('keeps to the difficulty asked for, and never offers an unapproved or deleted question', async () => {
    const [easy] = fixtures.mcq;
    await db.update(questions).set({ isApproved: false }).where(eq(questions._id, easy!._id));
    const { docs } = await (await assess(`content=${QUIZ_IDS.subTopic}&difficulty=${easy!.difficulty}`, as.student)).json<{ docs: LearnerQuestion[] }>();
    expect(docs.every((q) => q.difficulty === easy!.difficulty)).toBe(true);
    expect(docs.map((q) => q._id)).not.toContain(easy!._id);
    await db.update(questions).set({ isApproved: true }).where(eq(questions._id, easy!._id));
  });

  it('answers a bad difficulty or a missing sub topic as a field error, and another site’s sub topic as 404', async () => {
    await expectFieldError(await assess(`content=${QUIZ_IDS.subTopic}&difficulty=IMPOSSIBLE`, as.student), 'difficulty');
    await expectFieldError(await assess('', as.student), 'content');
    expect((await assess('content=sub_topic_brightpath_percentages', as.student)).status).toBe(404);
  });

  it('is for learners: a tutor and an admin are refused', async () => {
    expect((await assess(`content=${QUIZ_IDS.subTopic}`, as.tutor)).status).toBe(403);
    expect((await assess(`content=${QUIZ_IDS.subTopic}`, as.admin)).status).toBe(403);
  });
});

describe('GET questions/ai-marking', () => {
  it('marks a learner’s answer against the mark scheme, with the rubric and the helper that marked it', async () => {
    const res = await mark(fixtures.open._id, 'x = 4 because 2x = 8', as.student);
    expect(res.status).toBe(200);
    const body = await res.json<AiMarking>();
    expect(body).toMatchObject({ questionId: fixtures.open._id, maxMarks: fixtures.open.maxMarks, source: 'offline' });
    expect(body.rubric.length).toBe(fixtures.open.markScheme.length);
    expect(body.reasons.length).toBeGreaterThan(0);
    expect(body.score).toBeGreaterThanOrEqual(0);
    expect(body.score).toBeLessThanOrEqual(fixtures.open.maxMarks);
  });

  it('refuses a learner when the question does not offer AI marking, and a multiple-choice question as a field error', async () => {
    await db.update(questions).set({ openAimarking: false }).where(eq(questions._id, fixtures.open._id));
    const refused = await mark(fixtures.open._id, 'x = 4', as.student);
    expect(refused.status).toBe(409);
    expect((await refused.json<{ message: string }>()).message).toBe('AI marking is not offered for this question');
    await expectFieldError(await mark(fixtures.mcq[0]!._id, 'B', as.student), 'questionId');
    await expectFieldError(await mark(fixtures.open._id, ' ', as.student), 'answer');
  });

  it('lets an admin holding submissions.aiAnswer try any open question, flag or not; an admin without it is refused', async () => {
    expect((await mark(fixtures.open._id, 'x = 4', as.admin)).status).toBe(200);
    await db
      .update(roles)
      .set({ permissions: { submissions: ['view'] } })
      .where(eq(roles._id, ROLE_IDS.enterer));
    expect((await mark(fixtures.open._id, 'x = 4', as.enterer)).status).toBe(403);
    await db.update(questions).set({ openAimarking: true }).where(eq(questions._id, fixtures.open._id));
  });

  it('answers a question of another site, an unapproved or a deleted one as 404 to a learner', async () => {
    expect((await mark(fixtures.open._id, 'x = 4', as.partner, PARTNER_HOST)).status).toBe(404);
    await db.update(questions).set({ isApproved: false }).where(eq(questions._id, fixtures.open._id));
    expect((await mark(fixtures.open._id, 'x = 4', as.student)).status).toBe(404);
    await db.update(questions).set({ isApproved: true, deletedAt: new Date() }).where(eq(questions._id, fixtures.open._id));
    expect((await mark(fixtures.open._id, 'x = 4', as.student)).status).toBe(404);
    await db.update(questions).set({ deletedAt: null }).where(eq(questions._id, fixtures.open._id));
    expect((await mark('question_nope', 'x = 4', as.student)).status).toBe(404);
  });

  it('is refused to a tutor', async () => {
    expect((await mark(fixtures.open._id, 'x = 4', as.tutor)).status).toBe(403);
  });
});

describe('the question flags an admin sets', () => {
  const SUB = QUIZ_IDS.subTopic;
  const open = {
    subTopicId: SUB,
    kind: 'OPEN',
    text: 'Explain why $x^2 + 1 = 0$ has no real roots.',
    answer: 'Squares are never negative.',
    markScheme: [{ point: 'Squares are never negative', marks: 1, keywords: ['negative'] }],
    difficulty: 'HARD',
    level: 6,
  };

  it('are off unless set, kept when set, and cleared by an edit that leaves them out', async () => {
    const plain = await (await call('POST', '/admin/questions', as.admin, open)).json<{ _id: string; openAimarking: boolean; aiHint: boolean }>();
    expect(plain).toMatchObject({ openAimarking: false, aiHint: false });
    const flagged = await call('PUT', `/admin/questions/${plain._id}`, as.admin, { ...open, openAimarking: true, aiHint: true });
    expect(await flagged.json()).toMatchObject({ openAimarking: true, aiHint: true });
    const row = await db.select().from(questions).where(eq(questions._id, plain._id)).get();
    expect(row).toMatchObject({ openAimarking: true, aiHint: true });
  });

  it('refuse AI marking on a multiple-choice question, naming the field', async () => {
    const mcq = { subTopicId: SUB, kind: 'MCQ', text: 'Pick 3', options: [{ text: '3' }, { text: '4' }], correctOption: 0, difficulty: 'EASY', level: 1 };
    await expectFieldError(await call('POST', '/admin/questions', as.admin, { ...mcq, openAimarking: true }), 'openAimarking');
    expect((await call('POST', '/admin/questions', as.admin, { ...mcq, aiHint: true })).status).toBe(201);
  });
});

describe('POST questions/assess-questions/check', () => {
  const check = (answers: { questionId: string; optionId: string }[], token = as.student, content: string = QUIZ_IDS.subTopic, host?: string) =>
    call('POST', '/questions/assess-questions/check', token, { content, answers }, host);
  const setSamsAttempt = (status: 'IN_PROGRESS' | 'COMPLETED') => db.update(submissions).set({ status }).where(eq(submissions._id, QUIZ_IDS.samSubmission));

  it('says whether each choice is right without naming the right option', async () => {
    await setSamsAttempt('COMPLETED');
    const [q] = fixtures.mcq;
    const wrong = q!.options.find((o) => o._id !== q!.correctOptionId)!;
    const res = await check([
      { questionId: q!._id, optionId: q!.correctOptionId! },
      { questionId: q!._id, optionId: wrong._id },
    ]);
    expect(res.status).toBe(200);
    const body = await res.json<AssessCheck>();
    expect(body.results).toEqual([
      { questionId: q!._id, correct: true },
      { questionId: q!._id, correct: false },
    ]);
    expect(JSON.stringify(body)).not.toContain(q!.correctOptionId!);
  });

  it('answers no choice or an open question as field errors, and another sub topic’s or site’s question as 404', async () => {
    await expectFieldError(await check([]), 'answers');
    await expectFieldError(await check([{ questionId: fixtures.open._id, optionId: 'x' }]), 'answers');
    const [q] = fixtures.mcq;
    expect((await check([{ questionId: q!._id, optionId: 'x' }], as.student, 'sub_topic_brightpath_percentages')).status).toBe(404);
    expect((await check([{ questionId: 'question_nope', optionId: 'x' }])).status).toBe(404);
    // The partner's own learner: an admin of any site is refused the learner's route before the question is looked up.
    const partnerLearner = await signIn('learner@partner.test', PARTNER_HOST);
    expect((await check([{ questionId: q!._id, optionId: 'x' }], partnerLearner, QUIZ_IDS.subTopic, PARTNER_HOST)).status).toBe(404);
  });

  it('refuses a question of the learner’s attempt under way, and anyone but a learner', async () => {
    await setSamsAttempt('IN_PROGRESS');
    const [q] = fixtures.mcq;
    const refused = await check([{ questionId: q!._id, optionId: q!.correctOptionId! }]);
    expect(refused.status).toBe(409);
    expect((await refused.json<{ message: string }>()).message).toContain('finish the quiz');
    expect((await check([{ questionId: q!._id, optionId: 'x' }], as.tutor)).status).toBe(403);
    expect((await check([{ questionId: q!._id, optionId: 'x' }], as.admin)).status).toBe(403);
  });
});
