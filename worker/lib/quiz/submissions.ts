import { asc, eq, inArray } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import { percentOf, type SubmissionDoc, type SubmissionQuestion, scoreBand } from '../../../schema/contracts/quiz';
import { curricula, questions, quizzes, subjects, submissionAnswers, submissions, subTopics, topics } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';
import { type HelperQuestion, modelAnswer, type TutorHelper } from '../tutor-helper';

export type SubmissionRow = typeof submissions.$inferSelect;
export type AnswerRow = typeof submissionAnswers.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;

/** Another learner's attempt is answered exactly like a missing one, so ids reveal nothing. */
export async function ownSubmission(tdb: TenantDb, submissionId: string, userId: string) {
  const row = await tdb.db
    .select()
    .from(submissions)
    .where(tdb.where(submissions, eq(submissions._id, submissionId), eq(submissions.userId, userId)))
    .get();
  if (!row) throw new ApiError(404, 'Submission not found');
  return row;
}

export async function anySubmission(tdb: TenantDb, submissionId: string) {
  const row = await tdb.db
    .select()
    .from(submissions)
    .where(tdb.where(submissions, eq(submissions._id, submissionId)))
    .get();
  if (!row) throw new ApiError(404, 'Submission not found');
  return row;
}

export function openSubmission(row: SubmissionRow) {
  if (row.status !== 'IN_PROGRESS') throw new ApiError(409, 'This quiz is already finished');
  return row;
}

export async function answerOf(tdb: TenantDb, submissionId: string, questionId: string) {
  const answer = await tdb.db
    .select()
    .from(submissionAnswers)
    .where(tdb.where(submissionAnswers, eq(submissionAnswers.submissionId, submissionId), eq(submissionAnswers.questionId, questionId)))
    .get();
  if (!answer) throw new ApiError(404, 'Question not found in this submission');
  const question = await tdb.db
    .select()
    .from(questions)
    .where(tdb.where(questions, eq(questions._id, questionId)))
    .get();
  if (!question) throw new ApiError(404, 'Question not found in this submission');
  return { answer, question };
}

export const helperQuestion = (q: QuestionRow): HelperQuestion => ({
  text: q.text,
  kind: q.kind,
  options: q.options,
  correctOptionId: q.correctOptionId,
  answer: q.answer,
  explanation: q.explanation,
  hint: q.hint,
  markScheme: q.markScheme,
  maxMarks: q.maxMarks,
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** While the attempt is open, a missed point is not named: naming it would hand over the answer without a skip. */
const MISSING_HIDDEN = 'A mark-scheme point is not made yet: look at your answer again.';
const hideMissing = (reasons: string[]) => reasons.map((r) => (r.startsWith('Missing') ? MISSING_HIDDEN : r));

/** The answer, explanation and marks stay hidden until the learner reveals the answer or finishes. */
export function questionView(a: AnswerRow, q: QuestionRow, completed: boolean): SubmissionQuestion {
  const open = completed || a.answerShown;
  return {
    _id: a._id,
    questionId: q._id,
    position: a.position,
    kind: q.kind,
    text: q.text,
    options: q.options,
    maxMarks: q.maxMarks,
    difficulty: q.difficulty,
    openAimarking: q.kind === 'OPEN' && q.openAimarking,
    aiHint: q.aiHint,
    status: a.status,
    optionId: a.optionId,
    answer: a.answer,
    answeredAt: a.answeredAt ? a.answeredAt.getTime() : null,
    timerStart: iso(a.timerStart),
    timerEnd: iso(a.timerEnd),
    hint: a.hintShown ? a.hintText : null,
    hintSource: a.hintShown ? a.hintSource : null,
    modelAnswer: open ? modelAnswer(helperQuestion(q)) : null,
    correctOptionId: open ? q.correctOptionId : null,
    explanation: open ? q.explanation : null,
    score: a.score,
    reasons: open ? a.reasons : hideMissing(a.reasons),
    markSource: a.markSource,
    helperSource: a.helperSource,
    helperVersion: a.helperVersion,
    overrideReason: a.overrideReason,
    openAiFeedback: a.openAiFeedback,
  };
}

/** An attempt's answers, in the order its questions were asked. */
const answersOf = (tdb: TenantDb, submissionId: string) =>
  tdb.db
    .select()
    .from(submissionAnswers)
    .where(tdb.where(submissionAnswers, eq(submissionAnswers.submissionId, submissionId)))
    .orderBy(asc(submissionAnswers.position));

/** The questions that `answers` answer; no read at all when there are none. */
const questionsOf = async (tdb: TenantDb, answers: { questionId: string }[]) =>
  answers.length
    ? tdb.db
        .select()
        .from(questions)
        .where(
          tdb.where(
            questions,
            inArray(
              questions._id,
              answers.map((a) => a.questionId),
            ),
          ),
        )
    : [];

export async function submissionDoc(tdb: TenantDb, row: SubmissionRow): Promise<SubmissionDoc> {
  const [quiz, answers] = await Promise.all([
    tdb.db
      .select({
        _id: quizzes._id,
        title: quizzes.title,
        topicId: topics._id,
        topicName: topics.name,
        subject: subjects.name,
        curriculum: curricula.name,
        grade: quizzes.grade,
        subTopicId: quizzes.subTopicId,
      })
      .from(quizzes)
      .innerJoin(topics, eq(topics._id, quizzes.topicId))
      .innerJoin(subjects, eq(subjects._id, topics.subjectId))
      .innerJoin(curricula, eq(curricula._id, subjects.curriculumId))
      .where(tdb.where(quizzes, eq(quizzes._id, row.quizId)))
      .get(),
    answersOf(tdb, row._id),
  ]);
  if (!quiz) throw new ApiError(404, 'Quiz not found');
  const subTopicId = row.subTopicId ?? quiz.subTopicId;
  const [questionRows, subTopic] = await Promise.all([
    questionsOf(tdb, answers),
    subTopicId
      ? tdb.db
          .select({ _id: subTopics._id, name: subTopics.name })
          .from(subTopics)
          .where(tdb.where(subTopics, eq(subTopics._id, subTopicId)))
          .get()
      : undefined,
  ]);
  const byId = new Map(questionRows.map((q) => [q._id, q]));
  const completed = row.status === 'COMPLETED';
  return {
    _id: row._id,
    userId: row.userId,
    status: row.status,
    isTimerEnabled: row.isTimerEnabled,
    countdownSeconds: row.countdownSeconds,
    timerStart: iso(row.timerStart),
    timerEnd: iso(row.timerEnd),
    serverNow: new Date().toISOString(),
    score: row.score,
    maxScore: row.maxScore,
    band: completed && row.maxScore !== null && row.score !== null ? scoreBand(percentOf(row.score, row.maxScore)) : null,
    aiFeedback: row.aiFeedback,
    aiFeedbackSource: row.aiFeedbackSource,
    completedAt: iso(row.completedAt),
    isTrial: row.isTrial,
    quiz: {
      _id: quiz._id,
      title: quiz.title,
      grade: quiz.grade,
      topic: { _id: quiz.topicId, curriculum: quiz.curriculum, subject: quiz.subject, name: quiz.topicName },
      subTopic: subTopic ?? null,
    },
    questions: answers.flatMap((a) => {
      const q = byId.get(a.questionId);
      return q ? [questionView(a, q, completed)] : [];
    }),
  };
}

/** Multiple choice marks itself; an open answer goes to the helper unless it already holds a mark for this answer. */
export async function markAnswer(helper: TutorHelper, a: AnswerRow, q: QuestionRow): Promise<Partial<AnswerRow>> {
  if (a.markSource === 'TUTOR') return {};
  if (a.status === 'SKIPPED')
    return { score: 0, reasons: ['The answer was revealed, so this question scores no marks.'], rubric: q.markScheme, markSource: 'HELPER' };
  if (a.status === 'UNANSWERED') return { score: 0, reasons: ['Not answered.'], rubric: q.markScheme, markSource: 'HELPER' };
  if (q.kind === 'MCQ') {
    const right = a.optionId === q.correctOptionId;
    return { score: right ? q.maxMarks : 0, reasons: [right ? 'Correct option chosen.' : 'A different option was correct.'], rubric: [], markSource: 'HELPER' };
  }
  if (a.score !== null && a.markSource === 'HELPER') return {};
  const mark = await helper.markOpenAnswer(helperQuestion(q), a.answer ?? '');
  return { score: mark.score, reasons: mark.reasons, rubric: mark.rubric, helperVersion: mark.version, helperSource: mark.source, markSource: 'HELPER' };
}

export async function answersWithQuestions(tdb: TenantDb, submissionId: string) {
  const answers = await answersOf(tdb, submissionId);
  const questionRows = await questionsOf(tdb, answers);
  const byId = new Map(questionRows.map((q) => [q._id, q]));
  return answers.flatMap((a) => {
    const q = byId.get(a.questionId);
    return q ? [{ answer: a, question: q }] : [];
  });
}

/** Adds up the marks of a finished attempt (after a tutor's override too). */
export async function totalScore(tdb: TenantDb, submissionId: string) {
  const items = await answersWithQuestions(tdb, submissionId);
  const score = items.reduce((sum, i) => sum + (i.answer.score ?? 0), 0);
  const maxScore = items.reduce((sum, i) => sum + i.question.maxMarks, 0);
  await tdb.db
    .update(submissions)
    .set({ score, maxScore })
    .where(tdb.where(submissions, eq(submissions._id, submissionId)));
  return { score, maxScore, items };
}
