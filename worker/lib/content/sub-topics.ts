import { asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError } from '../../../platform/errors';
import type { groupedSubTopicsInput, SubTopicEdit, SubTopicPage, subTopicInput, subTopicListQuery, subTopicUpdate } from '../../../schema/contracts/content';
import { slugify } from '../../../schema/contracts/slug';
import { questions, quizzes, subTopics, topics } from '../../../schema/tables';
import { listPage, sortBy } from '../pagination';
import { contains } from '../search';
import type { TenantDb } from '../tenant-db';
import { approvedOnly, findSubTopic, findTopic, subTopicSummaries, toLearnerQuestion, topicField, toSubTopicDoc, toTopicDoc, uniqueSlug } from './records';
import { applyEdit } from './sub-topic-edits';

const sortColumns = { name: subTopics.name, sortingOrder: subTopics.sortingOrder, createdAt: subTopics.createdAt, updatedAt: subTopics.updatedAt };

async function siblingSlugs(tdb: TenantDb, topicId: string, exceptId?: string) {
  const rows = await tdb.db
    .select({ slug: subTopics.slug })
    .from(subTopics)
    .where(tdb.where(subTopics, eq(subTopics.topicId, topicId), exceptId ? ne(subTopics._id, exceptId) : undefined))
    .all();
  return rows.map((r) => r.slug);
}

/** The public sub topic page: learners see only how many approved questions there are, not the questions. */
export async function subTopicPage(tdb: TenantDb, id: string): Promise<SubTopicPage> {
  const row = await findSubTopic(tdb, id);
  const [topic, questionCount, summaries] = await Promise.all([
    findTopic(tdb, row.topicId),
    tdb.db
      .select({ n: count() })
      .from(questions)
      .where(tdb.where(questions, eq(questions.subTopicId, row._id), approvedOnly))
      .get(),
    subTopicSummaries(tdb, [row.topicId]),
  ]);
  return {
    ...toSubTopicDoc(row),
    topic: { _id: topic._id, name: topic.name, slug: topic.slug },
    questionCount: questionCount?.n ?? 0,
    quizId: summaries.get(row.topicId)?.find((s) => s._id === row._id)?.quizId ?? null,
  };
}

/** One approved question of the sub topic, picked at random, without its answer. */
export async function randomQuestion(tdb: TenantDb, id: string) {
  const row = await findSubTopic(tdb, id);
  const question = await tdb.db
    .select()
    .from(questions)
    .where(tdb.where(questions, eq(questions.subTopicId, row._id), approvedOnly))
    .orderBy(sql`random()`)
    .limit(1)
    .get();
  if (!question) throw new ApiError(404, 'This sub topic has no questions yet');
  return toLearnerQuestion(question);
}

export async function groupedSubTopics(tdb: TenantDb, input: z.infer<typeof groupedSubTopicsInput>) {
  const topicRows = await tdb.db
    .select()
    .from(topics)
    .where(tdb.where(topics, inArray(topics._id, input.topicIds)))
    .orderBy(asc(topics.sortingOrder))
    .all();
  const subs = await subTopicSummaries(
    tdb,
    topicRows.map((t) => t._id),
  );
  return topicRows.map((t) => ({ topic: toTopicDoc(t), subTopics: subs.get(t._id) ?? [] }));
}

export async function topicSubTopics(tdb: TenantDb, query: z.infer<typeof subTopicListQuery>) {
  await findTopic(tdb, query.topicId);
  const where = tdb.where(subTopics, eq(subTopics.topicId, query.topicId), query.searchText ? contains(subTopics.name, query.searchText) : undefined);
  const order = sortBy(query, sortColumns, asc(subTopics.sortingOrder));
  return listPage(tdb.db, subTopics, where, query, async ({ limit, offset }) =>
    (await tdb.db.select().from(subTopics).where(where).orderBy(order, desc(subTopics._id)).limit(limit).offset(offset).all()).map(toSubTopicDoc),
  );
}

/** A new sub topic goes last in its topic, with a slug unique among its siblings. */
export async function createSubTopic(tdb: TenantDb, input: z.infer<typeof subTopicInput>) {
  await topicField(tdb, input.topicId);
  const [slugs, last] = await Promise.all([
    siblingSlugs(tdb, input.topicId),
    tdb.db
      .select({ n: sql<number>`coalesce(max(${subTopics.sortingOrder}), -1)` })
      .from(subTopics)
      .where(tdb.where(subTopics, eq(subTopics.topicId, input.topicId)))
      .get(),
  ]);
  const created = await tdb.db
    .insert(subTopics)
    .values(tdb.values(subTopics, { ...input, slug: uniqueSlug(slugify(input.name), slugs), sortingOrder: (last?.n ?? -1) + 1 }))
    .returning()
    .get();
  return toSubTopicDoc(created);
}

/** A new name or a move to another topic gives a new slug; anything else keeps the old one. */
export async function updateSubTopic(tdb: TenantDb, id: string, input: z.infer<typeof subTopicUpdate>) {
  const row = await findSubTopic(tdb, id);
  const topicId = input.topicId ?? row.topicId;
  if (input.topicId) await topicField(tdb, input.topicId);
  const slug = input.name || topicId !== row.topicId ? uniqueSlug(slugify(input.name ?? row.name), await siblingSlugs(tdb, topicId, row._id)) : row.slug;
  const updated = await tdb.db
    .update(subTopics)
    .set({ ...input, slug })
    .where(tdb.where(subTopics, eq(subTopics._id, row._id)))
    .returning()
    .get();
  return toSubTopicDoc(updated);
}

/** Questions and quizzes keep past attempts readable, so a sub topic that has any stays. */
export async function deleteSubTopic(tdb: TenantDb, id: string) {
  const row = await findSubTopic(tdb, id);
  const [questionCount, quizCount] = await Promise.all([
    tdb.db
      .select({ n: count() })
      .from(questions)
      .where(tdb.where(questions, eq(questions.subTopicId, row._id)))
      .get(),
    tdb.db
      .select({ n: count() })
      .from(quizzes)
      .where(tdb.where(quizzes, eq(quizzes.subTopicId, row._id)))
      .get(),
  ]);
  if ((questionCount?.n ?? 0) > 0 || (quizCount?.n ?? 0) > 0) {
    throw new ApiError(409, 'This sub topic still has questions or quizzes; they keep past attempts readable, so it cannot be deleted');
  }
  await tdb.db.delete(subTopics).where(tdb.where(subTopics, eq(subTopics._id, row._id)));
  return { _id: row._id };
}

/** One of the content edits: the pure edit decides the changed list, and only that list is stored. */
export async function editSubTopic(tdb: TenantDb, id: string, name: SubTopicEdit, body: unknown) {
  const row = await findSubTopic(tdb, id);
  const change = (applyEdit[name] as (row: typeof subTopics.$inferSelect, body: unknown) => object)(row, body);
  const updated = await tdb.db
    .update(subTopics)
    .set(change)
    .where(tdb.where(subTopics, eq(subTopics._id, row._id)))
    .returning()
    .get();
  return toSubTopicDoc(updated);
}
