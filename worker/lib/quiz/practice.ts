import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError, fieldError } from '../../../platform/errors';
import type { LearnerQuestion } from '../../../schema/contracts/content';
import { type AiMarking, ASSESS_SIZE, type AssessCheck, type aiMarkingQuery, type assessCheckInput, type assessQuery } from '../../../schema/contracts/quiz';
import { questions, submissionAnswers, submissions } from '../../../schema/tables';
import type { Actor } from '../../env';
import { findQuestion, findSubTopic, toLearnerQuestion } from '../content/records';
import type { TenantDb } from '../tenant-db';
import type { TutorHelper } from '../tutor-helper';
import { learnerFor } from './learner';
import { helperQuestion } from './submissions';

/**
 * `GET questions/assess-questions`: a short check on the sub topic being studied, from its approved questions (of one
 * difficulty if asked), easiest level first. Nothing is stored and no allowance is used: it is a check, not an attempt.
 */
export async function assessQuestions(tdb: TenantDb, actor: Actor, query: z.infer<typeof assessQuery>): Promise<{ docs: LearnerQuestion[] }> {
  await learnerFor(tdb, actor);
  const subTopic = await findSubTopic(tdb, query.content);
  const rows = await tdb.db
    .select()
    .from(questions)
    .where(
      tdb.where(
        questions,
        and(
          eq(questions.subTopicId, subTopic._id),
          eq(questions.isApproved, true),
          isNull(questions.deletedAt),
          query.difficulty ? eq(questions.difficulty, query.difficulty) : undefined,
        ),
      ),
    )
    .orderBy(asc(questions.level), asc(questions.createdAt), asc(questions._id))
    .limit(ASSESS_SIZE);
  return { docs: rows.map(toLearnerQuestion) };
}

/**
 * `POST questions/assess-questions/check`: says whether each multiple-choice answer of a quick check is right, without
 * naming the right option. A question of the learner's attempt under way is refused, so the check cannot stand in for
 * the attempt's own "show the answer", which counts the question as skipped.
 */
export async function checkAssessAnswers(tdb: TenantDb, actor: Actor, input: z.infer<typeof assessCheckInput>): Promise<AssessCheck> {
  const learner = await learnerFor(tdb, actor);
  const subTopic = await findSubTopic(tdb, input.content);
  const ids = input.answers.map((a) => a.questionId);
  const [rows, underWay] = await Promise.all([
    tdb.db
      .select({ _id: questions._id, kind: questions.kind, correctOptionId: questions.correctOptionId })
      .from(questions)
      .where(
        tdb.where(
          questions,
          and(inArray(questions._id, ids), eq(questions.subTopicId, subTopic._id), eq(questions.isApproved, true), isNull(questions.deletedAt)),
        ),
      ),
    tdb.db
      .select({ questionId: submissionAnswers.questionId })
      .from(submissionAnswers)
      .innerJoin(submissions, eq(submissions._id, submissionAnswers.submissionId))
      .where(
        tdb.where(
          submissionAnswers,
          and(inArray(submissionAnswers.questionId, ids), eq(submissions.userId, learner._id), eq(submissions.status, 'IN_PROGRESS')),
        ),
      )
      .limit(1),
  ]);
  const results = input.answers.map(({ questionId, optionId }) => {
    const question = rows.find((q) => q._id === questionId);
    if (!question) throw new ApiError(404, 'Question not found');
    if (question.kind !== 'MCQ') throw fieldError('answers', 'holds a question that is not multiple choice');
    return { questionId, correct: question.correctOptionId === optionId };
  });
  if (underWay.length) throw new ApiError(409, 'This question is in the quiz you have not finished yet: finish the quiz to see how you did');
  return { results };
}

/**
 * `GET questions/ai-marking`: an answer marked against the question's mark scheme by the helper, outside any attempt.
 * A learner may ask only of an approved question whose author offers AI marking; an admin holding
 * `submissions: aiAnswer` may try any open question of the bank (the route has checked which caller this is).
 */
export async function aiMarking(tdb: TenantDb, actor: Actor, query: z.infer<typeof aiMarkingQuery>, helper: TutorHelper): Promise<AiMarking> {
  const question = await findQuestion(tdb, query.questionId);
  const asAdmin = actor.role === 'ADMIN';
  if (!asAdmin && !question.isApproved) throw new ApiError(404, 'Question not found');
  if (question.kind !== 'OPEN') throw fieldError('questionId', 'is not an open-ended question');
  if (!asAdmin && !question.openAimarking) throw new ApiError(409, 'AI marking is not offered for this question');
  const mark = await helper.markOpenAnswer(helperQuestion(question), query.answer);
  return {
    questionId: question._id,
    score: mark.score,
    maxMarks: question.maxMarks,
    reasons: mark.reasons,
    rubric: mark.rubric,
    source: mark.source,
    version: mark.version,
  };
}
