import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { percentOf, type QuizAboutPage } from '../../../schema/contracts/quiz';
import { questions, submissions } from '../../../schema/tables';
import type { Actor } from '../../env';
import type { TenantDb } from '../tenant-db';
import { learnerFor } from './learner';
import { publishedQuiz, quizDocs } from './quizzes';

/**
 * `POST submissions/getQuizDataForAboutPage`: what a quiz asks (how many questions, how hard, how many marks, how long)
 * and the learner's own record on it, so the page can say "Resume" rather than start a new attempt that counts
 * against the month's allowance.
 */
export async function quizAboutPage(tdb: TenantDb, actor: Actor, input: { quizId: string }): Promise<QuizAboutPage> {
  const learner = await learnerFor(tdb, actor);
  const quiz = await publishedQuiz(tdb, input.quizId);
  const [[doc], asked, attempts] = await Promise.all([
    quizDocs(tdb, [quiz]),
    quiz.questionIds.length
      ? tdb.db
          .select({ kind: questions.kind, difficulty: questions.difficulty, maxMarks: questions.maxMarks })
          .from(questions)
          .where(tdb.where(questions, and(inArray(questions._id, quiz.questionIds), isNull(questions.deletedAt))))
      : [],
    tdb.db
      .select({ _id: submissions._id, status: submissions.status, score: submissions.score, maxScore: submissions.maxScore })
      .from(submissions)
      .where(tdb.where(submissions, eq(submissions.userId, learner._id), eq(submissions.quizId, quiz._id)))
      .orderBy(desc(submissions.createdAt), desc(submissions._id)),
  ]);
  const difficulties = { EASY: 0, MEDIUM: 0, HARD: 0 };
  for (const q of asked) difficulties[q.difficulty] += 1;
  const percents = attempts.flatMap((a) => (a.status === 'COMPLETED' && a.score !== null && a.maxScore ? [percentOf(a.score, a.maxScore)] : []));
  return {
    quiz: doc!,
    questionCount: asked.length,
    openQuestions: asked.filter((q) => q.kind === 'OPEN').length,
    maxScore: asked.reduce((sum, q) => sum + q.maxMarks, 0),
    difficulties,
    attempts: attempts.length,
    bestPercent: percents.length ? Math.max(...percents) : null,
    lastSubmissionId: attempts[0]?._id ?? null,
    inProgressSubmissionId: attempts.find((a) => a.status === 'IN_PROGRESS')?._id ?? null,
  };
}
