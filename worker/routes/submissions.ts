import { count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  answerInput,
  countdownInput,
  createByQuizInput,
  createSubmissionInput,
  openFeedbackInput,
  overrideInput,
  pageQuery,
  percentOf,
  questionRef,
  quizToasts,
  scoreBand,
  submissionListQuery,
  submissionRef,
  type SubmissionReview,
} from '../../schema/contracts/quiz';
import { quizzes, submissionAnswers, submissions } from '../../schema/tables';
import type { AppBindings } from '../env';
import { paged } from '../lib/pagination';
import { learnerOf } from '../lib/quiz/learner';
import { publishedQuiz, type QuizRow } from '../lib/quiz/quizzes';
import {
  answerKey,
  answerOf,
  answersWithQuestions,
  anySubmission,
  helperQuestion,
  markAnswer,
  openSubmission,
  ownSubmission,
  questionView,
  submissionDoc,
  totalScore,
} from '../lib/quiz/submissions';
import { assertReviewer, courseLearners, learnerName, mayMark, requireReviewer } from '../lib/quiz/reviewers';
import { countUsage } from '../lib/quiz/usage';
import { tenantDb, type TenantDb } from '../lib/tenant-db';
import { modelAnswer, tutorHelper } from '../lib/tutor-helper';
import { authOf, requireAuth } from '../middleware/auth';
import { ApiError, fieldError } from '../../platform/errors';
import { validate } from '../middleware/validate';

const idParam = z.object({ id: z.string().min(1).max(64) });
const submissionIdParam = z.object({ submissionId: z.string().min(1).max(64) });
const quizIdParam = z.object({ quizId: z.string().min(1).max(64) });
const userIdParam = z.object({ userId: z.string().min(1).max(64) });
const courseIdParam = z.object({ courseId: z.string().min(1).max(64) });
const questionIdParam = z.object({ questionId: z.string().min(1).max(64) });
/** Answers given this long after the countdown ends (a slow network) still count. */
const GRACE_MS = 5_000;
/** A device clock may run a little ahead; further ahead than this is not believed. */
const CLOCK_SKEW_MS = 60_000;

/** Starts an attempt, or returns the attempt already under way so a learner resumes on any device. */
async function startAttempt(tdb: TenantDb, learner: Awaited<ReturnType<typeof learnerOf>>['learner'], quiz: QuizRow) {
  const open = await tdb.db
    .select()
    .from(submissions)
    .where(tdb.where(submissions, eq(submissions.userId, learner._id), eq(submissions.quizId, quiz._id), eq(submissions.status, 'IN_PROGRESS')))
    .orderBy(desc(submissions.createdAt))
    .get();
  if (open) return { row: open, created: false };
  await countUsage(tdb, learner, 'quizAttempts');
  const now = new Date();
  const timed = quiz.timeLimitSeconds !== null;
  const row = await tdb.db
    .insert(submissions)
    .values(
      tdb.values(submissions, {
        userId: learner._id,
        quizId: quiz._id,
        subTopicId: quiz.subTopicId,
        isTimerEnabled: timed,
        countdownSeconds: quiz.timeLimitSeconds,
        timerStart: timed ? now : null,
        timerEnd: timed ? new Date(now.getTime() + (quiz.timeLimitSeconds ?? 0) * 1000) : null,
        isTrial: learner.role === 'GUEST',
      }),
    )
    .returning()
    .get();
  if (quiz.questionIds.length) {
    await tdb.db
      .insert(submissionAnswers)
      .values(quiz.questionIds.map((questionId, position) => tdb.values(submissionAnswers, { submissionId: row._id, questionId, position })));
  }
  return { row, created: true };
}

/** An answer may be saved while the attempt is open and (if timed) before the countdown ran out when it was given. */
function acceptAnswerTime(row: typeof submissions.$inferSelect, answeredAt: number) {
  const now = Date.now();
  if (answeredAt > now + CLOCK_SKEW_MS) throw fieldError('answeredAt', 'is in the future');
  const given = Math.min(answeredAt, now);
  if (row.timerEnd && given > row.timerEnd.getTime() + GRACE_MS) throw new ApiError(409, 'Time is up: this answer was given after the countdown ended');
  return new Date(given);
}

export const submissionRoutes = new Hono<AppBindings>()
  .use('/submissions', requireAuth)
  .use('/submissions/*', requireAuth)
  .get('/submissions', validate('query', submissionListQuery), async (c) => {
    const { tdb, auth } = await learnerOf(c);
    const q = c.req.valid('query');
    const where = tdb.where(submissions, eq(submissions.userId, auth.actingUserId), eq(submissions.quizId, q.quizId));
    const [rows, total] = await Promise.all([
      tdb.db.select().from(submissions).where(where).orderBy(desc(submissions.createdAt)).limit(q.limit).offset(q.offset),
      tdb.db.select({ n: count() }).from(submissions).where(where).get(),
    ]);
    return c.json(paged(rows.map(attemptSummary), total?.n ?? 0, q));
  })
  .get('/submissions/quizHistory/:quizId', validate('param', quizIdParam), async (c) => {
    const { tdb, auth } = await learnerOf(c);
    const rows = await tdb.db
      .select()
      .from(submissions)
      .where(tdb.where(submissions, eq(submissions.userId, auth.actingUserId), eq(submissions.quizId, c.req.valid('param').quizId)))
      .orderBy(desc(submissions.createdAt));
    return c.json(rows.map(attemptSummary));
  })
  .post('/submissions', validate('json', createSubmissionInput), async (c) => {
    const { tdb, learner } = await learnerOf(c);
    const { subTopicId, paper } = c.req.valid('json');
    const quiz = await tdb.db
      .select()
      .from(quizzes)
      .where(tdb.where(quizzes, eq(quizzes.subTopicId, subTopicId), eq(quizzes.isPublished, true), paper ? eq(quizzes.paper, paper) : undefined))
      .orderBy(desc(quizzes.publishedAt))
      .get();
    if (!quiz) throw new ApiError(404, 'There is no quiz for this sub topic yet');
    const { row, created } = await startAttempt(tdb, learner, quiz);
    return c.json(await submissionDoc(tdb, row), created ? 201 : 200);
  })
  .post('/submissions/createByQuizId', validate('json', createByQuizInput), async (c) => {
    const { tdb, learner } = await learnerOf(c);
    const { row, created } = await startAttempt(tdb, learner, await publishedQuiz(tdb, c.req.valid('json').quizId));
    return c.json(await submissionDoc(tdb, row), created ? 201 : 200);
  })
  .post('/submissions/answer/add', validate('json', answerInput), async (c) => c.json(await saveAnswer(c, c.req.valid('json'), 'ANY')))
  .post('/submissions/openEndedAnswer/add', validate('json', answerInput), async (c) => c.json(await saveAnswer(c, c.req.valid('json'), 'OPEN')))
  .post('/submissions/openEndedAnswer/grade', validate('json', questionRef), async (c) => {
    const { tdb, auth } = await learnerOf(c);
    const input = c.req.valid('json');
    const row = await ownSubmission(tdb, input.submissionId, auth.actingUserId);
    const { answer, question } = await answerOf(tdb, row._id, input.questionId);
    if (question.kind !== 'OPEN') throw fieldError('questionId', 'is not an open-ended question');
    if (answer.status !== 'ANSWERED') throw fieldError('questionId', 'has no answer to mark yet');
    const mark = await markAnswer(tutorHelper(c.env), answer, question);
    const updated = await tdb.db.update(submissionAnswers).set(mark).where(tdb.where(submissionAnswers, eq(submissionAnswers._id, answer._id))).returning().get();
    return c.json(questionView(updated, question, row.status === 'COMPLETED'));
  })
  .post('/submissions/finish', validate('json', submissionRef), async (c) => {
    const { tdb, auth } = await learnerOf(c);
    const row = await ownSubmission(tdb, c.req.valid('json').submissionId, auth.actingUserId);
    if (row.status === 'COMPLETED') return c.json({ message: quizToasts.completed, submission: await submissionDoc(tdb, row) });
    const helper = tutorHelper(c.env);
    for (const { answer, question } of await answersWithQuestions(tdb, row._id)) {
      const mark = await markAnswer(helper, answer, question);
      if (Object.keys(mark).length) await tdb.db.update(submissionAnswers).set(mark).where(tdb.where(submissionAnswers, eq(submissionAnswers._id, answer._id)));
    }
    const { score, maxScore, items } = await totalScore(tdb, row._id);
    const quiz = await tdb.db.select({ title: quizzes.title }).from(quizzes).where(tdb.where(quizzes, eq(quizzes._id, row.quizId))).get();
    const feedback = await helper.feedback({
      quizTitle: quiz?.title ?? '',
      score,
      maxScore,
      items: items.map((i) => ({ question: i.question.text, status: i.answer.status, score: i.answer.score ?? 0, maxMarks: i.question.maxMarks })),
    });
    const finished = await tdb.db
      .update(submissions)
      .set({ status: 'COMPLETED', completedAt: new Date(), aiFeedback: feedback.text, aiFeedbackSource: feedback.source, aiFeedbackVersion: feedback.version })
      .where(tdb.where(submissions, eq(submissions._id, row._id)))
      .returning()
      .get();
    return c.json({ message: quizToasts.completed, submission: await submissionDoc(tdb, finished) });
  })
  .post('/submissions/question/get', validate('json', questionRef), async (c) => {
    const { tdb, auth } = await learnerOf(c);
    const input = c.req.valid('json');
    const row = await ownSubmission(tdb, input.submissionId, auth.actingUserId);
    const { answer, question } = await answerOf(tdb, row._id, input.questionId);
    return c.json(questionView(answer, question, row.status === 'COMPLETED'));
  })
  .post('/submissions/question/get-ai-explanation', validate('json', questionRef), async (c) => {
    const { tdb, auth } = await learnerOf(c);
    const input = c.req.valid('json');
    const row = await ownSubmission(tdb, input.submissionId, auth.actingUserId);
    const { answer, question } = await answerOf(tdb, row._id, input.questionId);
    if (row.status !== 'COMPLETED' && !answer.answerShown) throw new ApiError(409, 'Reveal the answer or finish the quiz to see the explanation');
    const explanation = await tutorHelper(c.env).explanation(helperQuestion(question));
    return c.json({ explanation: explanation.text, source: explanation.source, version: explanation.version });
  })
  .post('/submissions/answer/get', validate('json', questionRef), async (c) => {
    const { tdb, auth } = await learnerOf(c);
    const input = c.req.valid('json');
    const row = openSubmission(await ownSubmission(tdb, input.submissionId, auth.actingUserId));
    const { answer, question } = await answerOf(tdb, row._id, input.questionId);
    const updated = await tdb.db
      .update(submissionAnswers)
      .set({ answerShown: true, status: 'SKIPPED' })
      .where(tdb.where(submissionAnswers, eq(submissionAnswers._id, answer._id)))
      .returning()
      .get();
    return c.json({ message: quizToasts.answerVisible, question: questionView(updated, question, false), answer: modelAnswer(helperQuestion(question)) });
  })
  .post('/submissions/aiHint', validate('json', questionRef), async (c) => {
    const { tdb, auth } = await learnerOf(c);
    const input = c.req.valid('json');
    const row = openSubmission(await ownSubmission(tdb, input.submissionId, auth.actingUserId));
    const { answer, question } = await answerOf(tdb, row._id, input.questionId);
    let updated = answer;
    if (!answer.hintShown) {
      const hint = await tutorHelper(c.env).hint(helperQuestion(question));
      updated = await tdb.db
        .update(submissionAnswers)
        .set({ hintShown: true, hintText: hint.text, hintSource: hint.source })
        .where(tdb.where(submissionAnswers, eq(submissionAnswers._id, answer._id)))
        .returning()
        .get();
    }
    return c.json({ message: quizToasts.hintVisible, hint: updated.hintText, source: updated.hintSource, question: questionView(updated, question, false) });
  })
  .post('/submissions/updateSubmissionCountdownSettings', validate('json', countdownInput), async (c) => {
    const { tdb, auth } = await learnerOf(c);
    const input = c.req.valid('json');
    const row = openSubmission(await ownSubmission(tdb, input.submissionId, auth.actingUserId));
    const quiz = await tdb.db.select({ limit: quizzes.timeLimitSeconds }).from(quizzes).where(tdb.where(quizzes, eq(quizzes._id, row.quizId))).get();
    if (quiz?.limit && !input.isTimerEnabled) throw fieldError('isTimerEnabled', 'this quiz is timed and its countdown cannot be turned off');
    if (quiz?.limit && input.countdownSeconds && input.countdownSeconds !== quiz.limit) throw fieldError('countdownSeconds', 'is set by this quiz');
    if (input.isTimerEnabled && !input.countdownSeconds && !quiz?.limit) throw fieldError('countdownSeconds', 'is required to turn the countdown on');
    const now = new Date();
    const seconds = quiz?.limit ?? input.countdownSeconds ?? null;
    const set = input.isTimerEnabled
      ? row.isTimerEnabled && row.countdownSeconds === seconds
        ? {}
        : { isTimerEnabled: true, countdownSeconds: seconds, timerStart: now, timerEnd: new Date(now.getTime() + (seconds ?? 0) * 1000) }
      : { isTimerEnabled: false, countdownSeconds: null, timerStart: null, timerEnd: null };
    const updated = Object.keys(set).length ? await tdb.db.update(submissions).set(set).where(tdb.where(submissions, eq(submissions._id, row._id))).returning().get() : row;
    return c.json(await submissionDoc(tdb, updated));
  })
  .post('/submissions/startSubmissionQuestionTimer', validate('json', questionRef), async (c) => c.json(await questionTimer(c, c.req.valid('json'), 'start')))
  .post('/submissions/endSubmissionQuestionTimer', validate('json', questionRef), async (c) => c.json(await questionTimer(c, c.req.valid('json'), 'end')))
  .post('/submissions/updateQuestionOpenAiFeedback', validate('json', openFeedbackInput), async (c) => {
    const { tdb, auth } = await learnerOf(c);
    const input = c.req.valid('json');
    const row = await ownSubmission(tdb, input.submissionId, auth.actingUserId);
    const { answer, question } = await answerOf(tdb, row._id, input.questionId);
    if (question.kind !== 'OPEN') throw fieldError('questionId', 'is not an open-ended question');
    const updated = await tdb.db
      .update(submissionAnswers)
      .set({ openAiFeedback: input.openAiFeedback })
      .where(tdb.where(submissionAnswers, eq(submissionAnswers._id, answer._id)))
      .returning()
      .get();
    return c.json(questionView(updated, question, row.status === 'COMPLETED'));
  })
  .get('/submissions/get-ai-feedback/:submissionId', validate('param', submissionIdParam), async (c) => {
    const { tdb, auth } = await learnerOf(c);
    const row = await ownSubmission(tdb, c.req.valid('param').submissionId, auth.actingUserId);
    if (row.status !== 'COMPLETED') throw new ApiError(409, 'Finish the quiz to get feedback on it');
    return c.json({ aiFeedback: row.aiFeedback, source: row.aiFeedbackSource, version: row.aiFeedbackVersion });
  })
  .post('/submissions/overrideMark', validate('json', overrideInput), async (c) => {
    const auth = authOf(c);
    const tdb = tenantDb(c);
    const input = c.req.valid('json');
    const row = await anySubmission(tdb, input.submissionId);
    if (!(await mayMark(c, tdb, row.userId))) throw new ApiError(404, 'Submission not found');
    if (row.status !== 'COMPLETED') throw new ApiError(409, 'Marks can be changed once the quiz is finished');
    const { answer, question } = await answerOf(tdb, row._id, input.questionId);
    if (input.score > question.maxMarks) throw fieldError('score', `must be at most ${question.maxMarks}`);
    const reasons = [`Marked by your tutor: ${input.reason}`, ...answer.reasons.filter((r) => !r.startsWith('Marked by your tutor'))];
    const updated = await tdb.db
      .update(submissionAnswers)
      .set({ score: input.score, markSource: 'TUTOR', overrideReason: input.reason, overriddenBy: auth.userId, reasons })
      .where(tdb.where(submissionAnswers, eq(submissionAnswers._id, answer._id)))
      .returning()
      .get();
    await totalScore(tdb, row._id);
    return c.json(questionView(updated, question, true));
  })
  .get('/submissions/:id', validate('param', idParam), async (c) => {
    const { tdb, auth } = await learnerOf(c);
    return c.json(await submissionDoc(tdb, await ownSubmission(tdb, c.req.valid('param').id, auth.actingUserId)));
  });

/** Review of learners' attempts: admins holding submissions view, and tutors for the learners they teach. */
export const adminSubmissionRoutes = new Hono<AppBindings>()
  .use('/admin/submissions/*', requireAuth, requireReviewer)
  .get('/admin/submissions/quizHistory/:userId', validate('param', userIdParam), validate('query', pageQuery), async (c) => {
    const tdb = tenantDb(c);
    const q = c.req.valid('query');
    const { userId } = c.req.valid('param');
    await assertReviewer(c, tdb, userId);
    const learner = await learnerName(tdb, userId);
    const where = tdb.where(submissions, eq(submissions.userId, userId));
    const [rows, total] = await Promise.all([
      tdb.db
        .select({ submission: submissions, quizTitle: quizzes.title })
        .from(submissions)
        .innerJoin(quizzes, eq(quizzes._id, submissions.quizId))
        .where(where)
        .orderBy(desc(submissions.createdAt))
        .limit(q.limit)
        .offset(q.offset),
      tdb.db.select({ n: count() }).from(submissions).where(where).get(),
    ]);
    return c.json({ ...paged(rows.map((r) => ({ ...attemptSummary(r.submission), quizTitle: r.quizTitle })), total?.n ?? 0, q), learner });
  })
  .get('/admin/submissions/course-learners/:courseId', validate('param', courseIdParam), async (c) => {
    const tdb = tenantDb(c);
    return c.json(await courseLearners(c, tdb, c.req.valid('param').courseId));
  })
  .get('/admin/submissions/question/:questionId', validate('param', questionIdParam), validate('query', submissionRef), async (c) => {
    const tdb = tenantDb(c);
    const row = await anySubmission(tdb, c.req.valid('query').submissionId);
    await assertReviewer(c, tdb, row.userId);
    const { answer, question } = await answerOf(tdb, row._id, c.req.valid('param').questionId);
    return c.json({ ...questionView(answer, question, true), rubric: answer.rubric });
  })
  .get('/admin/submissions/:id', validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    const row = await anySubmission(tdb, c.req.valid('param').id);
    await assertReviewer(c, tdb, row.userId);
    const [doc, items, learner] = await Promise.all([submissionDoc(tdb, row), answersWithQuestions(tdb, row._id), learnerName(tdb, row.userId)]);
    const rubrics = new Map(items.map((i) => [i.answer._id, i.answer.rubric.length ? i.answer.rubric : i.question.markScheme]));
    const review: SubmissionReview = {
      ...doc,
      learner,
      mayOverride: row.status === 'COMPLETED' && (await mayMark(c, tdb, row.userId)),
      questions: doc.questions.map((q) => ({ ...q, rubric: rubrics.get(q._id) ?? [] })),
    };
    return c.json(review);
  });

function attemptSummary(row: typeof submissions.$inferSelect) {
  const band = row.status === 'COMPLETED' && row.score !== null && row.maxScore !== null ? scoreBand(percentOf(row.score, row.maxScore)) : null;
  return {
    _id: row._id,
    quizId: row.quizId,
    status: row.status,
    score: row.score,
    maxScore: row.maxScore,
    band,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

type Ctx = Parameters<typeof learnerOf>[0];

async function saveAnswer(c: Ctx, input: z.infer<typeof answerInput>, only: 'ANY' | 'OPEN') {
  const { tdb, auth } = await learnerOf(c);
  const row = openSubmission(await ownSubmission(tdb, input.submissionId, auth.actingUserId));
  const { answer, question } = await answerOf(tdb, row._id, input.questionId);
  if (only === 'OPEN' && question.kind !== 'OPEN') throw fieldError('questionId', 'is not an open-ended question');
  if (question.kind === 'MCQ' && !question.options.some((o) => o._id === input.optionId)) throw fieldError('optionId', 'is not an option of this question');
  if (question.kind === 'OPEN' && input.answer === undefined) throw fieldError('answer', 'is required for an open-ended question');
  const answeredAt = acceptAnswerTime(row, input.answeredAt);
  // Replays of an older save (a queue flushed late, a second device) never overwrite a newer answer.
  if (answer.answeredAt && answer.answeredAt >= answeredAt) return questionView(answer, question, false);
  const changed = question.kind === 'MCQ' ? { optionId: input.optionId ?? null } : { answer: input.answer ?? '', score: null, reasons: [], markSource: null };
  const updated = await tdb.db
    .update(submissionAnswers)
    .set({ ...changed, answeredAt, status: answer.status === 'SKIPPED' ? 'SKIPPED' : 'ANSWERED' })
    .where(tdb.where(submissionAnswers, answerKey(row._id, question._id)))
    .returning()
    .get();
  return questionView(updated, question, false);
}

async function questionTimer(c: Ctx, input: z.infer<typeof questionRef>, edge: 'start' | 'end') {
  const { tdb, auth } = await learnerOf(c);
  const row = openSubmission(await ownSubmission(tdb, input.submissionId, auth.actingUserId));
  const { answer, question } = await answerOf(tdb, row._id, input.questionId);
  const now = new Date();
  // The first start counts (a reload must not reset the clock); the latest end counts (a learner may come back).
  const set = edge === 'start' ? (answer.timerStart ? {} : { timerStart: now, timerEnd: null }) : { timerEnd: now, ...(answer.timerStart ? {} : { timerStart: now }) };
  const updated = Object.keys(set).length
    ? await tdb.db.update(submissionAnswers).set(set).where(tdb.where(submissionAnswers, eq(submissionAnswers._id, answer._id))).returning().get()
    : answer;
  return questionView(updated, question, false);
}
