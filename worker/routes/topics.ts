import { Hono } from 'hono';
import { getTopicsInput, topicSortingInput, topicsBySubjectQuery, topicsQuery } from '../../schema/contracts/content';
import type { AppBindings } from '../env';
import { subjectData } from '../lib/content/catalogue';
import { sortTopics, subjectTopics } from '../lib/content/topics';
import { tenantDb } from '../lib/tenant-db';
import { requireAuth } from '../middleware/auth';
import { requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';

/** Topics are public reading, like the catalogue above them; only their order is an admin edit. */
export const topicRoutes = new Hono<AppBindings>()
  .post('/topics', validate('json', topicsQuery), async (c) => c.json(await subjectTopics(tenantDb(c), c.req.valid('json'))))
  .post('/topics/getTopics', validate('json', getTopicsInput), async (c) => {
    const { curriculum, subject, grade } = c.req.valid('json');
    return c.json(await subjectData(tenantDb(c), curriculum, subject, grade));
  })
  .get('/topics/getTopicsBySubjectData', validate('query', topicsBySubjectQuery), async (c) => {
    const { curriculum, subject } = c.req.valid('query');
    return c.json(await subjectData(tenantDb(c), curriculum, subject));
  })
  .post('/admin/topics/updateSorting', requireAuth, requirePermission('adminContent', ['edit']), validate('json', topicSortingInput), async (c) =>
    c.json(await sortTopics(tenantDb(c), c.req.valid('json'))),
  );
