import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { ApiError, fieldError } from '../../../platform/errors';
import type { LearnerQuestion, QuestionDoc, SubTopicDoc, SubTopicSummary, TopicDoc } from '../../../schema/contracts/content';
import { questions, quizzes, subTopics, topics } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';

type TopicRow = typeof topics.$inferSelect;
type SubTopicRow = typeof subTopics.$inferSelect;
type QuestionRow = typeof questions.$inferSelect;

export const toTopicDoc = ({ tenantId: _t, createdAt: _c, updatedAt: _u, ...row }: TopicRow): TopicDoc => row;

export const toSubTopicDoc = ({ tenantId: _t, ...row }: SubTopicRow): SubTopicDoc => ({
  ...row,
  videoLinks: [...row.videoLinks].sort((a, b) => a.sortingOrder - b.sortingOrder),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toQuestionDoc = ({ tenantId: _t, deletedAt: _d, ...row }: QuestionRow): QuestionDoc => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toLearnerQuestion = (row: QuestionRow): LearnerQuestion => ({
  _id: row._id,
  subTopicId: row.subTopicId,
  kind: row.kind,
  text: row.text,
  options: row.options,
  maxMarks: row.maxMarks,
  difficulty: row.difficulty,
  level: row.level,
  openAimarking: row.openAimarking,
  aiHint: row.aiHint,
});

export async function findTopic(tdb: TenantDb, id: string) {
  const row = await tdb.db
    .select()
    .from(topics)
    .where(tdb.where(topics, eq(topics._id, id)))
    .get();
  if (!row) throw new ApiError(404, 'Topic not found');
  return row;
}

/** As findTopic, for an id given in a body or query: an unknown one is a bad field, not a missing page. */
export async function topicField(tdb: TenantDb, id: string, path = 'topicId') {
  return findTopic(tdb, id).catch(() => {
    throw fieldError(path, 'is not a topic of this site');
  });
}

export async function findSubTopic(tdb: TenantDb, id: string) {
  const row = await tdb.db
    .select()
    .from(subTopics)
    .where(tdb.where(subTopics, eq(subTopics._id, id)))
    .get();
  if (!row) throw new ApiError(404, 'Sub topic not found');
  return row;
}

/** Questions marked deleted are gone for every caller; past submissions keep their own copy of what was asked. */
export async function findQuestion(tdb: TenantDb, id: string) {
  const row = await tdb.db
    .select()
    .from(questions)
    .where(tdb.where(questions, eq(questions._id, id), isNull(questions.deletedAt)))
    .get();
  if (!row) throw new ApiError(404, 'Question not found');
  return row;
}

/** The sub topics of the given topics with their first published quiz, in sorting order. */
export async function subTopicSummaries(tdb: TenantDb, topicIds: string[]): Promise<Map<string, SubTopicSummary[]>> {
  const byTopic = new Map<string, SubTopicSummary[]>();
  if (topicIds.length === 0) return byTopic;
  const [rows, quizRows] = await Promise.all([
    tdb.db
      .select({
        _id: subTopics._id,
        topicId: subTopics.topicId,
        name: subTopics.name,
        slug: subTopics.slug,
        summary: subTopics.summary,
        sortingOrder: subTopics.sortingOrder,
      })
      .from(subTopics)
      .where(tdb.where(subTopics, inArray(subTopics.topicId, topicIds)))
      .orderBy(asc(subTopics.sortingOrder), asc(subTopics.name))
      .all(),
    tdb.db
      .select({ _id: quizzes._id, subTopicId: quizzes.subTopicId })
      .from(quizzes)
      .where(tdb.where(quizzes, inArray(quizzes.topicId, topicIds), eq(quizzes.isPublished, true)))
      .orderBy(asc(quizzes.publishedAt), asc(quizzes._id))
      .all(),
  ]);
  const firstQuiz = new Map<string, string>();
  for (const quiz of quizRows) if (quiz.subTopicId && !firstQuiz.has(quiz.subTopicId)) firstQuiz.set(quiz.subTopicId, quiz._id);
  for (const { topicId, ...row } of rows) {
    const list = byTopic.get(topicId) ?? [];
    list.push({ ...row, quizId: firstQuiz.get(row._id) ?? null });
    byTopic.set(topicId, list);
  }
  return byTopic;
}

/** A slug unique among its siblings: "-2", "-3"… is added when the plain one is taken. */
export function uniqueSlug(base: string, taken: string[]) {
  const root = base || 'untitled';
  if (!taken.includes(root)) return root;
  let n = 2;
  while (taken.includes(`${root}-${n}`)) n += 1;
  return `${root}-${n}`;
}

export const approvedOnly = and(eq(questions.isApproved, true), isNull(questions.deletedAt));
