import { and, count, countDistinct, desc, eq, inArray, max, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError, fieldError } from '../../../platform/errors';
import {
  type adminQuizQuery,
  type bySubTopicInput,
  type learnerQuizQuery,
  type QuizDoc,
  type quizHistoryQuery,
  quizToasts,
  type reportIssueInput,
} from '../../../schema/contracts/quiz';
import { issueReports, quizzes, submissions, subTopics, topics } from '../../../schema/tables';
import type { Actor } from '../../env';
import { listPage, paged } from '../pagination';
import type { TenantDb } from '../tenant-db';

export type QuizRow = typeof quizzes.$inferSelect;

/** Quizzes with their topic and sub topic names, for lists and the player's URL. */
export async function quizDocs(tdb: TenantDb, rows: QuizRow[]): Promise<QuizDoc[]> {
  const topicIds = [...new Set(rows.map((r) => r.topicId))];
  const subTopicIds = [...new Set(rows.flatMap((r) => (r.subTopicId ? [r.subTopicId] : [])))];
  const [topicRows, subTopicRows] = await Promise.all([
    topicIds.length
      ? tdb.db
          .select({ _id: topics._id, name: topics.name })
          .from(topics)
          .where(tdb.where(topics, inArray(topics._id, topicIds)))
      : [],
    subTopicIds.length
      ? tdb.db
          .select({ _id: subTopics._id, name: subTopics.name })
          .from(subTopics)
          .where(tdb.where(subTopics, inArray(subTopics._id, subTopicIds)))
      : [],
  ]);
  const topicById = new Map(topicRows.map((t) => [t._id, t]));
  const subTopicById = new Map(subTopicRows.map((s) => [s._id, s]));
  return rows.map((r) => ({
    _id: r._id,
    title: r.title,
    topicId: r.topicId,
    subTopicId: r.subTopicId,
    paper: r.paper,
    curriculum: r.curriculum,
    subject: r.subject,
    grade: r.grade,
    subjectLevel: r.subjectLevel,
    subjectCode: r.subjectCode,
    questionIds: r.questionIds,
    timeLimitSeconds: r.timeLimitSeconds,
    isPublished: r.isPublished,
    topic: topicById.get(r.topicId) ?? null,
    subTopic: r.subTopicId ? (subTopicById.get(r.subTopicId) ?? null) : null,
  }));
}

/** A quiz a learner may see: this tenant's and published; anything else is simply not there. */
export async function publishedQuiz(tdb: TenantDb, id: string) {
  const row = await tdb.db
    .select()
    .from(quizzes)
    .where(tdb.where(quizzes, and(eq(quizzes._id, id), eq(quizzes.isPublished, true))))
    .get();
  if (!row) throw new ApiError(404, 'Quiz not found');
  return row;
}

export async function tenantQuiz(tdb: TenantDb, id: string) {
  const row = await tdb.db
    .select()
    .from(quizzes)
    .where(tdb.where(quizzes, eq(quizzes._id, id)))
    .get();
  if (!row) throw new ApiError(404, 'Quiz not found');
  return row;
}

/** Admin: a topic's quizzes (or one sub topic's), drafts included, latest first. */
export async function topicQuizzes(tdb: TenantDb, query: z.infer<typeof adminQuizQuery>) {
  const where = tdb.where(quizzes, eq(quizzes.topicId, query.topicId), query.subTopicId ? eq(quizzes.subTopicId, query.subTopicId) : undefined);
  return listPage(tdb.db, quizzes, where, query, async ({ limit, offset }) =>
    quizDocs(tdb, await tdb.db.select().from(quizzes).where(where).orderBy(desc(quizzes.createdAt)).limit(limit).offset(offset)),
  );
}

const learnerFilters = ['subject', 'curriculum', 'grade', 'topicId', 'paper', 'subjectLevel', 'subjectCode'] as const;

/** Learners: published quizzes matching the filters, latest published first. */
export async function publishedQuizzes(tdb: TenantDb, query: z.infer<typeof learnerQuizQuery>) {
  const filters = learnerFilters.flatMap((key) => {
    const value = query[key];
    return value === undefined ? [] : [eq(quizzes[key], value)];
  });
  const where = tdb.where(quizzes, eq(quizzes.isPublished, true), ...filters);
  return listPage(tdb.db, quizzes, where, query, async ({ limit, offset }) =>
    quizDocs(tdb, await tdb.db.select().from(quizzes).where(where).orderBy(desc(quizzes.publishedAt), desc(quizzes._id)).limit(limit).offset(offset)),
  );
}

export async function subTopicQuizzes(tdb: TenantDb, input: z.infer<typeof bySubTopicInput>) {
  const rows = await tdb.db
    .select()
    .from(quizzes)
    .where(
      tdb.where(quizzes, eq(quizzes.subTopicId, input.subTopicId), eq(quizzes.isPublished, true), input.paper ? eq(quizzes.paper, input.paper) : undefined),
    )
    .orderBy(desc(quizzes.publishedAt));
  return quizDocs(tdb, rows);
}

/** The papers a sub topic's published quizzes belong to, in name order. */
export async function subTopicPapers(tdb: TenantDb, subTopicId: string) {
  const rows = await tdb.db
    .selectDistinct({ paper: quizzes.paper })
    .from(quizzes)
    .where(tdb.where(quizzes, eq(quizzes.subTopicId, subTopicId), eq(quizzes.isPublished, true)));
  const papers = rows.flatMap((r) => (r.paper ? [r.paper] : [])).sort();
  return { hasPapers: papers.length > 0, papers };
}

/** A learner's report of a problem with a published quiz or one of its questions. */
export async function reportIssue(tdb: TenantDb, actor: Actor, input: z.infer<typeof reportIssueInput>) {
  const quiz = await publishedQuiz(tdb, input.quizId);
  if (input.questionId && !quiz.questionIds.includes(input.questionId)) throw fieldError('questionId', 'is not in this quiz');
  await tdb.db
    .insert(issueReports)
    .values(tdb.values(issueReports, { userId: actor.actingUserId, quizId: quiz._id, questionId: input.questionId ?? null, message: input.message }));
  return { message: quizToasts.issueReported };
}

/** The learner's own quiz history; another learner's is refused. */
export async function ownQuizzesAttempted(tdb: TenantDb, actor: Actor, query: z.infer<typeof quizHistoryQuery>) {
  if (query.userId && query.userId !== actor.actingUserId) throw new ApiError(403, 'userId: you can only see your own quiz history');
  const filters = [
    query.curriculum ? eq(quizzes.curriculum, query.curriculum) : undefined,
    query.subject ? eq(quizzes.subject, query.subject) : undefined,
    query.topicId ? eq(quizzes.topicId, query.topicId) : undefined,
  ].filter((f): f is SQL => f !== undefined);
  return attemptedQuizzes(tdb, actor.actingUserId, query, filters, query.includeSubmissionCount === 'true');
}

/** Quizzes a learner has attempted, latest attempt first, optionally with how many attempts each. */
export async function attemptedQuizzes(tdb: TenantDb, userId: string, page: { limit: number; offset: number }, filters: SQL[] = [], withCount = false) {
  const where = and(tdb.where(submissions, eq(submissions.userId, userId)), eq(quizzes.tenantId, tdb.tenantId), ...filters);
  const lastAt = max(submissions.createdAt);
  // Counted by distinct quiz, so this list cannot use listPage's row count.
  const [groups, total] = await Promise.all([
    tdb.db
      // SQLite takes a bare column from the row max() chose, so this is the latest attempt's id.
      .select({ quizId: submissions.quizId, attempts: count(), lastAt, lastSubmissionId: sql<string>`${submissions._id}` })
      .from(submissions)
      .innerJoin(quizzes, eq(quizzes._id, submissions.quizId))
      .where(where)
      .groupBy(submissions.quizId)
      .orderBy(desc(lastAt), submissions.quizId)
      .limit(page.limit)
      .offset(page.offset),
    tdb.db
      .select({ n: countDistinct(submissions.quizId) })
      .from(submissions)
      .innerJoin(quizzes, eq(quizzes._id, submissions.quizId))
      .where(where)
      .get(),
  ]);
  const rows = groups.length
    ? await tdb.db
        .select()
        .from(quizzes)
        .where(
          tdb.where(
            quizzes,
            inArray(
              quizzes._id,
              groups.map((g) => g.quizId),
            ),
          ),
        )
    : [];
  const byId = new Map(rows.map((r) => [r._id, r]));
  const ordered = groups.flatMap((g) => {
    const row = byId.get(g.quizId);
    return row ? [row] : [];
  });
  const byQuiz = new Map(groups.map((g) => [g.quizId, g]));
  const docs = (await quizDocs(tdb, ordered)).map((doc) => ({
    ...doc,
    lastSubmissionId: byQuiz.get(doc._id)?.lastSubmissionId,
    ...(withCount ? { submissionCount: byQuiz.get(doc._id)?.attempts ?? 0 } : {}),
  }));
  return paged(docs, total?.n ?? 0, page);
}
