import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError, fieldError } from '../../../platform/errors';
import {
  type AnswerInput,
  type countdownInput,
  type createByQuizInput,
  type createSubmissionInput,
  type openFeedbackInput,
  type overrideInput,
  type questionRef,
  quizToasts,
} from '../../../schema/contracts/quiz';
import { quizzes, submissionAnswers, submissions } from '../../../schema/tables';
import type { Actor } from '../../env';
import type { TenantDb } from '../tenant-db';
import { modelAnswer, type TutorHelper } from '../tutor-helper';
import { learnerFor } from './learner';
import { publishedQuiz, type QuizRow } from './quizzes';
import { mayMark, type Reviewer } from './reviewers';
import {
  type AnswerRow,
  answerOf,
  answersWithQuestions,
  anySubmission,
  helperQuestion,
  markAnswer,
  openSubmission,
  ownSubmission,
  questionView,
  type SubmissionRow,
  submissionDoc,
  totalScore,
} from './submissions';
import { countUsage } from './usage';

type QuestionRef = z.infer<typeof questionRef>;

/** Answers given this long after the countdown ends (a slow network) still count. */
const GRACE_MS = 5_000;
/** A device clock may run a little ahead; further ahead than this is not believed. */
const CLOCK_SKEW_MS = 60_000;

/** Stores a change to one answer; an empty change writes nothing and answers the row as it is. */
async function changeAnswer(tdb: TenantDb, answer: AnswerRow, set: Partial<AnswerRow>) {
  if (!Object.keys(set).length) return answer;
  return tdb.db
    .update(submissionAnswers)
    .set(set)
    .where(tdb.where(submissionAnswers, eq(submissionAnswers._id, answer._id)))
    .returning()
    .get();
}

async function changeSubmission(tdb: TenantDb, row: SubmissionRow, set: Partial<SubmissionRow>) {
  if (!Object.keys(set).length) return row;
  return tdb.db
    .update(submissions)
    .set(set)
    .where(tdb.where(submissions, eq(submissions._id, row._id)))
    .returning()
    .get();
}

/** Starts an attempt, or returns the attempt already under way so a learner resumes on any device. */
async function startOn(tdb: TenantDb, actor: Actor, quiz: QuizRow) {
  const learner = await learnerFor(tdb, actor);
  const open = await tdb.db
    .select()
    .from(submissions)
    .where(tdb.where(submissions, eq(submissions.userId, learner._id), eq(submissions.quizId, quiz._id), eq(submissions.status, 'IN_PROGRESS')))
    .orderBy(desc(submissions.createdAt))
    .get();
  if (open) return { doc: await submissionDoc(tdb, open), created: false };
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
  return { doc: await submissionDoc(tdb, row), created: true };
}

/** The latest published quiz of a sub topic (of one paper, if named). */
export async function startBySubTopic(tdb: TenantDb, actor: Actor, input: z.infer<typeof createSubmissionInput>) {
  const quiz = await tdb.db
    .select()
    .from(quizzes)
    .where(
      tdb.where(quizzes, eq(quizzes.subTopicId, input.subTopicId), eq(quizzes.isPublished, true), input.paper ? eq(quizzes.paper, input.paper) : undefined),
    )
    .orderBy(desc(quizzes.publishedAt))
    .get();
  if (!quiz) throw new ApiError(404, 'There is no quiz for this sub topic yet');
  return startOn(tdb, actor, quiz);
}

export async function startByQuiz(tdb: TenantDb, actor: Actor, input: z.infer<typeof createByQuizInput>) {
  return startOn(tdb, actor, await publishedQuiz(tdb, input.quizId));
}

/** An answer may be saved while the attempt is open and (if timed) before the countdown ran out when it was given. */
function acceptAnswerTime(row: SubmissionRow, answeredAt: number) {
  const now = Date.now();
  if (answeredAt > now + CLOCK_SKEW_MS) throw fieldError('answeredAt', 'is in the future');
  const given = Math.min(answeredAt, now);
  if (row.timerEnd && given > row.timerEnd.getTime() + GRACE_MS) throw new ApiError(409, 'Time is up: this answer was given after the countdown ended');
  return new Date(given);
}

/** Saves an answer; `only: 'OPEN'` is the open-ended call, which refuses a multiple-choice question. */
export async function saveAnswer(tdb: TenantDb, actor: Actor, input: AnswerInput, only: 'ANY' | 'OPEN') {
  const row = openSubmission(await ownSubmission(tdb, input.submissionId, actor.actingUserId));
  const { answer, question } = await answerOf(tdb, row._id, input.questionId);
  if (only === 'OPEN' && question.kind !== 'OPEN') throw fieldError('questionId', 'is not an open-ended question');
  if (question.kind === 'MCQ' && !question.options.some((o) => o._id === input.optionId)) throw fieldError('optionId', 'is not an option of this question');
  if (question.kind === 'OPEN' && input.answer === undefined) throw fieldError('answer', 'is required for an open-ended question');
  const answeredAt = acceptAnswerTime(row, input.answeredAt);
  // Replays of an older save (a queue flushed late, a second device) never overwrite a newer answer.
  if (answer.answeredAt && answer.answeredAt >= answeredAt) return questionView(answer, question, false);
  // A mark belongs to the text it marked: saving the same text again (an autosave after a blur) keeps it.
  const text = input.answer ?? '';
  const changed =
    question.kind === 'MCQ'
      ? { optionId: input.optionId ?? null }
      : text === answer.answer
        ? { answer: text }
        : { answer: text, score: null, reasons: [], markSource: null };
  const updated = await changeAnswer(tdb, answer, { ...changed, answeredAt, status: answer.status === 'SKIPPED' ? 'SKIPPED' : 'ANSWERED' });
  return questionView(updated, question, false);
}

/** Marks an open answer; asking again answers the mark it already has. */
export async function markOpenAnswer(tdb: TenantDb, actor: Actor, input: QuestionRef, helper: TutorHelper) {
  const row = await ownSubmission(tdb, input.submissionId, actor.actingUserId);
  const { answer, question } = await answerOf(tdb, row._id, input.questionId);
  if (question.kind !== 'OPEN') throw fieldError('questionId', 'is not an open-ended question');
  // Finishing marks every answer whatever the flag; asking for a mark before then is what the author offers or not.
  if (!question.openAimarking) throw new ApiError(409, 'AI marking is not offered for this question: finish the quiz to get your mark');
  if (answer.status !== 'ANSWERED') throw fieldError('questionId', 'has no answer to mark yet');
  const updated = await changeAnswer(tdb, answer, await markAnswer(helper, answer, question));
  return questionView(updated, question, row.status === 'COMPLETED');
}

/** Marks every answer, totals the score and stores the helper's feedback; finishing a finished attempt changes nothing. */
export async function finishAttempt(tdb: TenantDb, actor: Actor, input: { submissionId: string }, helper: TutorHelper) {
  const row = await ownSubmission(tdb, input.submissionId, actor.actingUserId);
  if (row.status === 'COMPLETED') return { message: quizToasts.completed, submission: await submissionDoc(tdb, row) };
  for (const { answer, question } of await answersWithQuestions(tdb, row._id)) {
    await changeAnswer(tdb, answer, await markAnswer(helper, answer, question));
  }
  const { score, maxScore, items } = await totalScore(tdb, row._id);
  const quiz = await tdb.db
    .select({ title: quizzes.title })
    .from(quizzes)
    .where(tdb.where(quizzes, eq(quizzes._id, row.quizId)))
    .get();
  const feedback = await helper.feedback({
    quizTitle: quiz?.title ?? '',
    score,
    maxScore,
    items: items.map((i) => ({ question: i.question.text, status: i.answer.status, score: i.answer.score ?? 0, maxMarks: i.question.maxMarks })),
  });
  const finished = await changeSubmission(tdb, row, {
    status: 'COMPLETED',
    completedAt: new Date(),
    aiFeedback: feedback.text,
    aiFeedbackSource: feedback.source,
    aiFeedbackVersion: feedback.version,
  });
  return { message: quizToasts.completed, submission: await submissionDoc(tdb, finished) };
}

export async function attemptQuestion(tdb: TenantDb, actor: Actor, input: QuestionRef) {
  const row = await ownSubmission(tdb, input.submissionId, actor.actingUserId);
  const { answer, question } = await answerOf(tdb, row._id, input.questionId);
  return questionView(answer, question, row.status === 'COMPLETED');
}

export async function explainQuestion(tdb: TenantDb, actor: Actor, input: QuestionRef, helper: TutorHelper) {
  const row = await ownSubmission(tdb, input.submissionId, actor.actingUserId);
  const { answer, question } = await answerOf(tdb, row._id, input.questionId);
  if (row.status !== 'COMPLETED' && !answer.answerShown) throw new ApiError(409, 'Reveal the answer or finish the quiz to see the explanation');
  const explanation = await helper.explanation(helperQuestion(question));
  return { explanation: explanation.text, source: explanation.source, version: explanation.version };
}

/** Shows the model answer; the question then scores nothing (it counts as skipped). */
export async function revealAnswer(tdb: TenantDb, actor: Actor, input: QuestionRef) {
  const row = openSubmission(await ownSubmission(tdb, input.submissionId, actor.actingUserId));
  const { answer, question } = await answerOf(tdb, row._id, input.questionId);
  const updated = await changeAnswer(tdb, answer, { answerShown: true, status: 'SKIPPED' });
  return { message: quizToasts.answerVisible, question: questionView(updated, question, false), answer: modelAnswer(helperQuestion(question)) };
}

/** The first hint asked for is kept, so asking again shows the same one. */
export async function showHint(tdb: TenantDb, actor: Actor, input: QuestionRef, helper: TutorHelper) {
  const row = openSubmission(await ownSubmission(tdb, input.submissionId, actor.actingUserId));
  const { answer, question } = await answerOf(tdb, row._id, input.questionId);
  if (!question.aiHint) throw new ApiError(409, 'An AI hint is not offered for this question');
  let updated = answer;
  if (!answer.hintShown) {
    const hint = await helper.hint(helperQuestion(question));
    updated = await changeAnswer(tdb, answer, { hintShown: true, hintText: hint.text, hintSource: hint.source });
  }
  return { message: quizToasts.hintVisible, hint: updated.hintText, source: updated.hintSource, question: questionView(updated, question, false) };
}

/** A learner's own countdown; a timed quiz keeps its limit and cannot be turned off. */
export async function setCountdown(tdb: TenantDb, actor: Actor, input: z.infer<typeof countdownInput>) {
  const row = openSubmission(await ownSubmission(tdb, input.submissionId, actor.actingUserId));
  const quiz = await tdb.db
    .select({ limit: quizzes.timeLimitSeconds })
    .from(quizzes)
    .where(tdb.where(quizzes, eq(quizzes._id, row.quizId)))
    .get();
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
  return submissionDoc(tdb, await changeSubmission(tdb, row, set));
}

export async function questionTimer(tdb: TenantDb, actor: Actor, input: QuestionRef, edge: 'start' | 'end') {
  const row = openSubmission(await ownSubmission(tdb, input.submissionId, actor.actingUserId));
  const { answer, question } = await answerOf(tdb, row._id, input.questionId);
  const now = new Date();
  // The first start counts (a reload must not reset the clock); the latest end counts (a learner may come back).
  const set =
    edge === 'start' ? (answer.timerStart ? {} : { timerStart: now, timerEnd: null }) : { timerEnd: now, ...(answer.timerStart ? {} : { timerStart: now }) };
  return questionView(await changeAnswer(tdb, answer, set), question, false);
}

export async function saveOpenFeedback(tdb: TenantDb, actor: Actor, input: z.infer<typeof openFeedbackInput>) {
  const row = await ownSubmission(tdb, input.submissionId, actor.actingUserId);
  const { answer, question } = await answerOf(tdb, row._id, input.questionId);
  if (question.kind !== 'OPEN') throw fieldError('questionId', 'is not an open-ended question');
  return questionView(await changeAnswer(tdb, answer, { openAiFeedback: input.openAiFeedback }), question, row.status === 'COMPLETED');
}

export async function attemptFeedback(tdb: TenantDb, actor: Actor, input: { submissionId: string }) {
  const row = await ownSubmission(tdb, input.submissionId, actor.actingUserId);
  if (row.status !== 'COMPLETED') throw new ApiError(409, 'Finish the quiz to get feedback on it');
  return { aiFeedback: row.aiFeedback, source: row.aiFeedbackSource, version: row.aiFeedbackVersion };
}

export async function ownAttempt(tdb: TenantDb, actor: Actor, input: { id: string }) {
  return submissionDoc(tdb, await ownSubmission(tdb, input.id, actor.actingUserId));
}

/** A tutor's or admin's mark replaces the helper's, with the reason shown first, and the total follows. */
export async function overrideMark(tdb: TenantDb, reviewer: Reviewer, input: z.infer<typeof overrideInput>) {
  const row = await anySubmission(tdb, input.submissionId);
  if (!(await mayMark(tdb, reviewer, row.userId))) throw new ApiError(404, 'Submission not found');
  if (row.status !== 'COMPLETED') throw new ApiError(409, 'Marks can be changed once the quiz is finished');
  const { answer, question } = await answerOf(tdb, row._id, input.questionId);
  if (input.score > question.maxMarks) throw fieldError('score', `must be at most ${question.maxMarks}`);
  const reasons = [`Marked by your tutor: ${input.reason}`, ...answer.reasons.filter((r) => !r.startsWith('Marked by your tutor'))];
  const updated = await changeAnswer(tdb, answer, {
    score: input.score,
    markSource: 'TUTOR',
    overrideReason: input.reason,
    overriddenBy: reviewer.actor.userId,
    reasons,
  });
  await totalScore(tdb, row._id);
  return questionView(updated, question, true);
}
