import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  groupedSubTopicsInput,
  type SubTopicEdit,
  subTopicEdits,
  subTopicInput,
  subTopicListQuery,
  type SubTopicPage,
  subTopicUpdate,
} from '../../schema/contracts/content';
import { slugify } from '../../schema/contracts/slug';
import { questions, quizzes, subTopics, topics } from '../../schema/tables';
import type { AppBindings } from '../env';
import { approvedOnly, findSubTopic, findTopic, subTopicSummaries, toLearnerQuestion, toSubTopicDoc, toTopicDoc, topicField, uniqueSlug } from '../lib/content/records';
import { applyEdit } from '../lib/content/sub-topic-edits';
import { paged, sortBy } from '../lib/pagination';
import { contains } from '../lib/search';
import { type TenantDb, tenantDb } from '../lib/tenant-db';
import { requireAuth } from '../middleware/auth';
import { ApiError } from '../../platform/errors';
import { requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const can = (...actions: string[]) => [requireAuth, requirePermission('adminContent', actions)] as const;

async function siblingSlugs(tdb: TenantDb, topicId: string, exceptId?: string) {
  const rows = await tdb.db
    .select({ slug: subTopics.slug })
    .from(subTopics)
    .where(tdb.where(subTopics, eq(subTopics.topicId, topicId), exceptId ? ne(subTopics._id, exceptId) : undefined))
    .all();
  return rows.map((r) => r.slug);
}

const editNames = Object.keys(subTopicEdits) as SubTopicEdit[];

const sortColumns = { name: subTopics.name, sortingOrder: subTopics.sortingOrder, createdAt: subTopics.createdAt, updatedAt: subTopics.updatedAt };

let routes = new Hono<AppBindings>()
  // Public like the subject page that links here; learners see only approved questions, and only their count.
  .get('/subtopics/:id', async (c) => {
    const tdb = tenantDb(c);
    const row = await findSubTopic(tdb, c.req.param('id'));
    const [topic, questionCount, summaries] = await Promise.all([
      findTopic(tdb, row.topicId),
      tdb.db.select({ n: count() }).from(questions).where(tdb.where(questions, eq(questions.subTopicId, row._id), approvedOnly)).get(),
      subTopicSummaries(tdb, [row.topicId]),
    ]);
    const body: SubTopicPage = {
      ...toSubTopicDoc(row),
      topic: { _id: topic._id, name: topic.name, slug: topic.slug },
      questionCount: questionCount?.n ?? 0,
      quizId: summaries.get(row.topicId)?.find((s) => s._id === row._id)?.quizId ?? null,
    };
    return c.json(body);
  })
  .get('/subtopic/random/:id', requireAuth, async (c) => {
    const tdb = tenantDb(c);
    const row = await findSubTopic(tdb, c.req.param('id'));
    const question = await tdb.db
      .select()
      .from(questions)
      .where(tdb.where(questions, eq(questions.subTopicId, row._id), approvedOnly))
      .orderBy(sql`random()`)
      .limit(1)
      .get();
    if (!question) throw new ApiError(404, 'This sub topic has no questions yet');
    return c.json(toLearnerQuestion(question));
  })
  .post('/groupedSubTopics', validate('json', groupedSubTopicsInput), async (c) => {
    const tdb = tenantDb(c);
    const { topicIds } = c.req.valid('json');
    const topicRows = await tdb.db.select().from(topics).where(tdb.where(topics, inArray(topics._id, topicIds))).orderBy(asc(topics.sortingOrder)).all();
    const subs = await subTopicSummaries(
      tdb,
      topicRows.map((t) => t._id),
    );
    return c.json(topicRows.map((t) => ({ topic: toTopicDoc(t), subTopics: subs.get(t._id) ?? [] })));
  })
  .get('/admin/subtopics', ...can('view'), validate('query', subTopicListQuery), async (c) => {
    const tdb = tenantDb(c);
    const q = c.req.valid('query');
    await findTopic(tdb, q.topicId);
    const where = tdb.where(subTopics, eq(subTopics.topicId, q.topicId), q.searchText ? contains(subTopics.name, q.searchText) : undefined);
    const [rows, total] = await Promise.all([
      tdb.db.select().from(subTopics).where(where).orderBy(sortBy(q, sortColumns, asc(subTopics.sortingOrder)), desc(subTopics._id)).limit(q.limit).offset(q.offset).all(),
      tdb.db.select({ n: count() }).from(subTopics).where(where).get(),
    ]);
    return c.json(paged(rows.map(toSubTopicDoc), total?.n ?? 0, q));
  })
  .post('/admin/subtopics', ...can('create'), validate('json', subTopicInput), async (c) => {
    const tdb = tenantDb(c);
    const input = c.req.valid('json');
    await topicField(tdb, input.topicId);
    const [slugs, last] = await Promise.all([
      siblingSlugs(tdb, input.topicId),
      tdb.db.select({ n: sql<number>`coalesce(max(${subTopics.sortingOrder}), -1)` }).from(subTopics).where(tdb.where(subTopics, eq(subTopics.topicId, input.topicId))).get(),
    ]);
    const created = await tdb.db
      .insert(subTopics)
      .values(tdb.values(subTopics, { ...input, slug: uniqueSlug(slugify(input.name), slugs), sortingOrder: (last?.n ?? -1) + 1 }))
      .returning()
      .get();
    return c.json(toSubTopicDoc(created), 201);
  })
  .put('/admin/subtopics/:id', ...can('edit'), validate('json', subTopicUpdate), async (c) => {
    const tdb = tenantDb(c);
    const row = await findSubTopic(tdb, c.req.param('id'));
    const input = c.req.valid('json');
    const topicId = input.topicId ?? row.topicId;
    if (input.topicId) await topicField(tdb, input.topicId);
    const slug = input.name || topicId !== row.topicId ? uniqueSlug(slugify(input.name ?? row.name), await siblingSlugs(tdb, topicId, row._id)) : row.slug;
    const updated = await tdb.db.update(subTopics).set({ ...input, slug }).where(tdb.where(subTopics, eq(subTopics._id, row._id))).returning().get();
    return c.json(toSubTopicDoc(updated));
  })
  .delete('/admin/subtopics/:id', ...can('delete'), async (c) => {
    const tdb = tenantDb(c);
    const row = await findSubTopic(tdb, c.req.param('id'));
    const [questionCount, quizCount] = await Promise.all([
      tdb.db.select({ n: count() }).from(questions).where(tdb.where(questions, eq(questions.subTopicId, row._id))).get(),
      tdb.db.select({ n: count() }).from(quizzes).where(tdb.where(quizzes, eq(quizzes.subTopicId, row._id))).get(),
    ]);
    if ((questionCount?.n ?? 0) > 0 || (quizCount?.n ?? 0) > 0) {
      throw new ApiError(409, 'This sub topic still has questions or quizzes; they keep past attempts readable, so it cannot be deleted');
    }
    await tdb.db.delete(subTopics).where(tdb.where(subTopics, eq(subTopics._id, row._id)));
    return c.json({ _id: row._id });
  });

// The fifteen content edits share one shape: validate the body, apply the pure edit, store the changed list.
for (const name of editNames) {
  routes = routes.put(`/admin/subtopics/:id/${name}`, ...can('edit'), validate('json', subTopicEdits[name]), async (c) => {
    const tdb = tenantDb(c);
    const row = await findSubTopic(tdb, c.req.param('id'));
    const change = (applyEdit[name] as (row: typeof subTopics.$inferSelect, body: unknown) => object)(row, c.req.valid('json' as never));
    const updated = await tdb.db.update(subTopics).set(change).where(and(tdb.where(subTopics, eq(subTopics._id, row._id)))).returning().get();
    return c.json(toSubTopicDoc(updated));
  }) as typeof routes;
}

export const subTopicRoutes = routes;
