import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type pageQuery, percentOf, scoreBand, type submissionListQuery } from '../../../schema/contracts/quiz';
import { quizzes, submissions } from '../../../schema/tables';
import type { Actor } from '../../env';
import { listPage } from '../pagination';
import type { TenantDb } from '../tenant-db';
import { assertReviewer, learnerName, type Reviewer } from './reviewers';
import type { SubmissionRow } from './submissions';

/** One attempt in a list: its state and score band, not its questions. */
export function attemptSummary(row: SubmissionRow) {
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

/** The learner's own attempts at one quiz, a page at a time, latest first. */
export async function ownAttempts(tdb: TenantDb, actor: Actor, query: z.infer<typeof submissionListQuery>) {
  const where = tdb.where(submissions, eq(submissions.userId, actor.actingUserId), eq(submissions.quizId, query.quizId));
  return listPage(tdb.db, submissions, where, query, async (page) =>
    (await tdb.db.select().from(submissions).where(where).orderBy(desc(submissions.createdAt)).limit(page.limit).offset(page.offset)).map(attemptSummary),
  );
}

/** Every attempt of the learner's at one quiz, latest first. */
export async function ownQuizHistory(tdb: TenantDb, actor: Actor, input: { quizId: string }) {
  const rows = await tdb.db
    .select()
    .from(submissions)
    .where(tdb.where(submissions, eq(submissions.userId, actor.actingUserId), eq(submissions.quizId, input.quizId)))
    .orderBy(desc(submissions.createdAt));
  return rows.map(attemptSummary);
}

/** A learner's attempts for a reviewer, with each quiz's title and the learner's name. */
export async function learnerAttempts(tdb: TenantDb, reviewer: Reviewer, userId: string, query: z.infer<typeof pageQuery>) {
  await assertReviewer(tdb, reviewer, userId);
  const learner = await learnerName(tdb, userId);
  const where = tdb.where(submissions, eq(submissions.userId, userId));
  const page = await listPage(tdb.db, submissions, where, query, async ({ limit, offset }) =>
    (
      await tdb.db
        .select({ submission: submissions, quizTitle: quizzes.title })
        .from(submissions)
        .innerJoin(quizzes, eq(quizzes._id, submissions.quizId))
        .where(where)
        .orderBy(desc(submissions.createdAt))
        .limit(limit)
        .offset(offset)
    ).map((r) => ({ ...attemptSummary(r.submission), quizTitle: r.quizTitle })),
  );
  return { ...page, learner };
}
