import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QuizAboutPage, SubmissionDoc } from '../../schema/contracts/quiz';
import { questions } from '../../schema/tables';
import { type Callers, call, seedCallersAndMaya } from '../helpers/admins';
import { expectFieldError } from '../helpers/auth';
import { linearQuestions, QUIZ_IDS, seedQuizFixtures } from '../helpers/quiz-fixtures';
import { db, PARTNER_HOST } from '../helpers/seed';

let as: Callers;
let maya: string;
let fixtures: Awaited<ReturnType<typeof linearQuestions>>;

beforeAll(async () => {
  ({ as, maya } = await seedCallersAndMaya());
  fixtures = await seedQuizFixtures();
});

const about = (quizId: unknown, token: string, host?: string) => call('POST', '/submissions/getQuizDataForAboutPage', token, { quizId }, host);

describe('POST submissions/getQuizDataForAboutPage', () => {
  it('describes the quiz and the learner’s own record on it, pointing at the attempt under way', async () => {
    const res = await about(QUIZ_IDS.mixed, as.student);
    expect(res.status).toBe(200);
    const page = await res.json<QuizAboutPage>();
    expect(page).toMatchObject({
      quiz: { _id: QUIZ_IDS.mixed, title: 'Mixed quiz', paper: 'Paper 2' },
      questionCount: 3,
      openQuestions: 1,
      maxScore: 2 + fixtures.open.maxMarks,
      attempts: 1,
      bestPercent: null,
      lastSubmissionId: QUIZ_IDS.samSubmission,
      inProgressSubmissionId: QUIZ_IDS.samSubmission,
    });
    expect(page.difficulties.EASY + page.difficulties.MEDIUM + page.difficulties.HARD).toBe(3);
  });

  it('gives the best score once an attempt is finished, and no attempt under way', async () => {
    const started = await (await call('POST', '/submissions/createByQuizId', maya, { quizId: QUIZ_IDS.timed })).json<SubmissionDoc>();
    await call('POST', '/submissions/finish', maya, { submissionId: started._id });
    const page = await (await about(QUIZ_IDS.timed, maya)).json<QuizAboutPage>();
    expect(page).toMatchObject({ attempts: 1, bestPercent: 0, lastSubmissionId: started._id, inProgressSubmissionId: null });
  });

  it('answers a missing quizId as a field error, an unpublished or another site’s quiz as 404', async () => {
    await expectFieldError(await about(undefined, as.student), 'quizId');
    expect((await about(QUIZ_IDS.unpublished, as.student)).status).toBe(404);
    expect((await about(QUIZ_IDS.partnerQuiz, as.student)).status).toBe(404);
    expect((await about(QUIZ_IDS.mixed, as.partner, PARTNER_HOST)).status).toBe(403);
  });

  it('is for learners: a tutor and an admin are refused', async () => {
    expect((await about(QUIZ_IDS.mixed, as.tutor)).status).toBe(403);
    expect((await about(QUIZ_IDS.mixed, as.admin)).status).toBe(403);
  });
});

describe('question flags in an attempt', () => {
  const ref = (questionId: string) => ({ submissionId: QUIZ_IDS.samSubmission, questionId });

  it('shows each question’s flags to the player', async () => {
    const doc = await (await call('GET', `/submissions/${QUIZ_IDS.samSubmission}`, as.student)).json<SubmissionDoc>();
    const open = doc.questions.find((q) => q.questionId === fixtures.open._id)!;
    expect(open).toMatchObject({ openAimarking: true, aiHint: true });
    expect(doc.questions.filter((q) => q.kind === 'MCQ').every((q) => q.openAimarking === false)).toBe(true);
  });

  it('gives an AI hint only on a question that offers one', async () => {
    const [first, second] = fixtures.mcq;
    await db.update(questions).set({ aiHint: false }).where(eq(questions._id, first!._id));
    const refused = await call('POST', '/submissions/aiHint', as.student, ref(first!._id));
    expect(refused.status).toBe(409);
    expect((await refused.json<{ message: string }>()).message).toBe('An AI hint is not offered for this question');
    expect((await call('POST', '/submissions/aiHint', as.student, ref(second!._id))).status).toBe(200);
  });

  it('marks an open answer on demand only when the question offers AI marking; finishing marks it either way', async () => {
    const open = fixtures.open._id;
    await call('POST', '/submissions/openEndedAnswer/add', as.student, { ...ref(open), answer: 'x = 4', answeredAt: Date.now() });
    await db.update(questions).set({ openAimarking: false }).where(eq(questions._id, open));
    expect((await call('POST', '/submissions/openEndedAnswer/grade', as.student, ref(open))).status).toBe(409);
    const { submission } = await (await call('POST', '/submissions/finish', as.student, { submissionId: QUIZ_IDS.samSubmission })).json<{
      submission: SubmissionDoc;
    }>();
    const marked = submission.questions.find((q) => q.questionId === open)!;
    expect(marked.score).not.toBeNull();
    expect(marked.markSource).toBe('HELPER');
  });
});
