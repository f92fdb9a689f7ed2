import { and, eq, inArray } from 'drizzle-orm';
import type { QuizDoc } from '../../../schema/contracts/quiz';
import { quizzes, subTopics, topics } from '../../../schema/tables';
import { ApiError } from '../../../platform/errors';
import type { TenantDb } from '../tenant-db';

export type QuizRow = typeof quizzes.$inferSelect;

/** Quizzes with their topic and sub topic names, for lists and the player's URL. */
export async function quizDocs(tdb: TenantDb, rows: QuizRow[]): Promise<QuizDoc[]> {
  const topicIds = [...new Set(rows.map((r) => r.topicId))];
  const subTopicIds = [...new Set(rows.flatMap((r) => (r.subTopicId ? [r.subTopicId] : [])))];
  const [topicRows, subTopicRows] = await Promise.all([
    topicIds.length ? tdb.db.select({ _id: topics._id, name: topics.name }).from(topics).where(tdb.where(topics, inArray(topics._id, topicIds))) : [],
    subTopicIds.length ? tdb.db.select({ _id: subTopics._id, name: subTopics.name }).from(subTopics).where(tdb.where(subTopics, inArray(subTopics._id, subTopicIds))) : [],
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
  const row = await tdb.db.select().from(quizzes).where(tdb.where(quizzes, eq(quizzes._id, id))).get();
  if (!row) throw new ApiError(404, 'Quiz not found');
  return row;
}
