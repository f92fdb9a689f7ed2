import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { approveInput, createManyInput, questionIdsQuery, questionInput, questionListQuery } from '../../schema/contracts/content';
import { questions, subTopics } from '../../schema/tables';
import type { AppBindings } from '../env';
import { questionValues } from '../lib/content/question-rows';
import { findQuestion, toQuestionDoc } from '../lib/content/records';
import { paged, sortBy } from '../lib/pagination';
import { contains } from '../lib/search';
import { type TenantDb, tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { fieldError } from '../../platform/errors';
import { requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const can = (...actions: string[]) => [requireAuth, requirePermission('questionBank', actions)] as const;

const sortColumns = { createdAt: questions.createdAt, updatedAt: questions.updatedAt, difficulty: questions.difficulty, level: questions.level };

/** Every sub topic the rows name must be this tenant's; the first stranger is reported at its row's field. */
async function assertSubTopics(tdb: TenantDb, ids: string[], pathOf: (index: number) => string) {
  const found = new Set(
    (await tdb.db.select({ _id: subTopics._id }).from(subTopics).where(tdb.where(subTopics, inArray(subTopics._id, [...new Set(ids)]))).all()).map((r) => r._id),
  );
  const bad = ids.findIndex((id) => !found.has(id));
  if (bad >= 0) throw fieldError(pathOf(bad), 'is not a sub topic of this site');
}

const live = isNull(questions.deletedAt);

export const adminQuestionRoutes = new Hono<AppBindings>()
  .get('/admin/questions', ...can('view'), validate('query', questionListQuery), async (c) => {
    const tdb = tenantDb(c);
    const q = c.req.valid('query');
    const where = tdb.where(
      questions,
      live,
      inArray(questions.subTopicId, q.subTopicIds),
      q.difficulty ? eq(questions.difficulty, q.difficulty) : undefined,
      q.isApproved === undefined ? undefined : eq(questions.isApproved, q.isApproved),
      q.searchText ? contains(questions.text, q.searchText) : undefined,
    );
    const [rows, total] = await Promise.all([
      tdb.db.select().from(questions).where(where).orderBy(sortBy(q, sortColumns, desc(questions.createdAt)), desc(questions._id)).limit(q.limit).offset(q.offset).all(),
      tdb.db.select({ n: count() }).from(questions).where(where).get(),
    ]);
    return c.json(paged(rows.map(toQuestionDoc), total?.n ?? 0, q));
  })
  .get('/admin/questions/list', ...can('view'), validate('query', questionIdsQuery), async (c) => {
    const tdb = tenantDb(c);
    const q = c.req.valid('query');
    const where = tdb.where(questions, live, inArray(questions._id, q.questionId));
    const [rows, total] = await Promise.all([
      tdb.db.select().from(questions).where(where).orderBy(desc(questions.createdAt), desc(questions._id)).limit(q.limit).offset(q.offset).all(),
      tdb.db.select({ n: count() }).from(questions).where(where).get(),
    ]);
    return c.json(paged(rows.map(toQuestionDoc), total?.n ?? 0, q));
  })
  .get('/admin/questions/:id', ...can('view'), async (c) => c.json(toQuestionDoc(await findQuestion(tenantDb(c), c.req.param('id')))))
  .post('/admin/questions', ...can('create'), validate('json', questionInput), async (c) => {
    const tdb = tenantDb(c);
    const input = c.req.valid('json');
    await assertSubTopics(tdb, [input.subTopicId], () => 'subTopicId');
    const created = await tdb.db
      .insert(questions)
      .values(tdb.values(questions, { ...questionValues(input, null), createdBy: authOf(c).userId }))
      .returning()
      .get();
    return c.json(toQuestionDoc(created), 201);
  })
  .post('/admin/questions/create-many', ...can('create'), validate('json', createManyInput), async (c) => {
    const tdb = tenantDb(c);
    const { questions: rows } = c.req.valid('json');
    await assertSubTopics(
      tdb,
      rows.map((r) => r.subTopicId),
      (i) => `questions.${i}.subTopicId`,
    );
    const createdBy = authOf(c).userId;
    const values = rows.map((row, i) => tdb.values(questions, { ...questionValues(row, null, `questions.${i}.`), createdBy }));
    // One statement per row in one batch: the import lands whole or not at all.
    const [first, ...rest] = values.map((v) => tdb.db.insert(questions).values(v).returning());
    const created = (await tdb.db.batch([first!, ...rest])).flat();
    return c.json({ created: created.length, docs: created.map(toQuestionDoc) }, 201);
  })
  .put('/admin/questions/approve/:id', ...can('approve'), validate('json', approveInput), async (c) => {
    const tdb = tenantDb(c);
    const row = await findQuestion(tdb, c.req.param('id'));
    const { isApproved } = c.req.valid('json');
    const updated = await tdb.db
      .update(questions)
      .set({ isApproved, approvedBy: isApproved ? authOf(c).userId : null })
      .where(tdb.where(questions, eq(questions._id, row._id)))
      .returning()
      .get();
    return c.json(toQuestionDoc(updated));
  })
  .put('/admin/questions/delete/:id', ...can('delete'), async (c) => {
    const tdb = tenantDb(c);
    const row = await findQuestion(tdb, c.req.param('id'));
    await tdb.db.update(questions).set({ deletedAt: new Date() }).where(and(tdb.where(questions, eq(questions._id, row._id)), live));
    return c.json({ _id: row._id });
  })
  .put('/admin/questions/:id', ...can('edit'), validate('json', questionInput), async (c) => {
    const tdb = tenantDb(c);
    const row = await findQuestion(tdb, c.req.param('id'));
    const input = c.req.valid('json');
    await assertSubTopics(tdb, [input.subTopicId], () => 'subTopicId');
    // An edited question goes back for approval: what was approved is no longer what learners would see.
    const updated = await tdb.db
      .update(questions)
      .set({ ...questionValues(input, row), isApproved: false, approvedBy: null })
      .where(tdb.where(questions, eq(questions._id, row._id)))
      .returning()
      .get();
    return c.json(toQuestionDoc(updated));
  });
