import type { SubmissionReview } from '../../../schema/contracts/quiz';
import type { TenantDb } from '../tenant-db';
import { assertReviewer, learnerName, mayMark, type Reviewer } from './reviewers';
import { answerOf, answersWithQuestions, anySubmission, questionView, submissionDoc } from './submissions';

/** One question of a learner's attempt with its answer, marks and rubric, all shown: reviewers see everything. */
export async function reviewQuestion(tdb: TenantDb, reviewer: Reviewer, input: { submissionId: string; questionId: string }) {
  const row = await anySubmission(tdb, input.submissionId);
  await assertReviewer(tdb, reviewer, row.userId);
  const { answer, question } = await answerOf(tdb, row._id, input.questionId);
  return { ...questionView(answer, question, true), rubric: answer.rubric };
}

/** A learner's whole attempt for review, with the rubric of each question and whether this reviewer may change marks. */
export async function reviewAttempt(tdb: TenantDb, reviewer: Reviewer, submissionId: string): Promise<SubmissionReview> {
  const row = await anySubmission(tdb, submissionId);
  await assertReviewer(tdb, reviewer, row.userId);
  const [doc, items, learner] = await Promise.all([submissionDoc(tdb, row), answersWithQuestions(tdb, row._id), learnerName(tdb, row.userId)]);
  const rubrics = new Map(items.map((i) => [i.answer._id, i.answer.rubric.length ? i.answer.rubric : i.question.markScheme]));
  return {
    ...doc,
    learner,
    mayOverride: row.status === 'COMPLETED' && (await mayMark(tdb, reviewer, row.userId)),
    questions: doc.questions.map((q) => ({ ...q, rubric: rubrics.get(q._id) ?? [] })),
  };
}
