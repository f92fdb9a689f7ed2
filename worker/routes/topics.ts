import { asc, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { getTopicsInput, topicSortingInput, topicsBySubjectQuery, topicsQuery } from '../../schema/contracts/content';
import { topics } from '../../schema/tables';
import type { AppBindings } from '../env';
import { subjectData } from '../lib/content/catalogue';
import { toTopicDoc } from '../lib/content/records';
import { tenantDb } from '../lib/tenant-db';
import { requireAuth } from '../middleware/auth';
import { ApiError } from '../../platform/errors';
import { requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';

/** Topics are public reading, like the catalogue above them; only their order is an admin edit. */
export const topicRoutes = new Hono<AppBindings>()
  .post('/topics', validate('json', topicsQuery), async (c) => {
    const tdb = tenantDb(c);
    const { subjectId, gradeId } = c.req.valid('json');
    const rows = await tdb.db
      .select()
      .from(topics)
      .where(tdb.where(topics, eq(topics.subjectId, subjectId), gradeId ? eq(topics.gradeId, gradeId) : undefined))
      .orderBy(asc(topics.sortingOrder), asc(topics.name))
      .all();
    return c.json(rows.map(toTopicDoc));
  })
  .post('/topics/getTopics', validate('json', getTopicsInput), async (c) => {
    const { curriculum, subject, grade } = c.req.valid('json');
    return c.json(await subjectData(tenantDb(c), curriculum, subject, grade));
  })
  .get('/topics/getTopicsBySubjectData', validate('query', topicsBySubjectQuery), async (c) => {
    const { curriculum, subject } = c.req.valid('query');
    return c.json(await subjectData(tenantDb(c), curriculum, subject));
  })
  .post('/admin/topics/updateSorting', requireAuth, requirePermission('adminContent', ['edit']), validate('json', topicSortingInput), async (c) => {
    const tdb = tenantDb(c);
    const { topics: order } = c.req.valid('json');
    const ids = order.map((t) => t._id);
    const found = await tdb.db.select({ _id: topics._id }).from(topics).where(tdb.where(topics, inArray(topics._id, ids))).all();
    if (found.length !== ids.length) throw new ApiError(404, 'Topic not found');
    const [first, ...rest] = order.map((t) => tdb.db.update(topics).set({ sortingOrder: t.sortingOrder }).where(tdb.where(topics, eq(topics._id, t._id))));
    await tdb.db.batch([first!, ...rest]);
    return c.json({ updated: order.length });
  });
