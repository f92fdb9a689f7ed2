import { Hono } from 'hono';
import { idParam } from '../../schema/contracts/common';
import { groupedSubTopicsInput, type SubTopicEdit, subTopicEdits, subTopicInput, subTopicListQuery, subTopicUpdate } from '../../schema/contracts/content';
import type { AppBindings } from '../env';
import {
  createSubTopic,
  deleteSubTopic,
  editSubTopic,
  groupedSubTopics,
  randomQuestion,
  subTopicPage,
  topicSubTopics,
  updateSubTopic,
} from '../lib/content/sub-topics';
import { tenantDb } from '../lib/tenant-db';
import { requireAuth } from '../middleware/auth';
import { requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const can = (...actions: string[]) => [requireAuth, requirePermission('adminContent', actions)] as const;

const editNames = Object.keys(subTopicEdits) as SubTopicEdit[];

let routes = new Hono<AppBindings>()
  // Public like the subject page that links here.
  .get('/subtopics/:id', validate('param', idParam), async (c) => c.json(await subTopicPage(tenantDb(c), c.req.valid('param').id)))
  .get('/subtopic/random/:id', requireAuth, validate('param', idParam), async (c) => c.json(await randomQuestion(tenantDb(c), c.req.valid('param').id)))
  .post('/groupedSubTopics', validate('json', groupedSubTopicsInput), async (c) => c.json(await groupedSubTopics(tenantDb(c), c.req.valid('json'))))
  .get('/admin/subtopics', ...can('view'), validate('query', subTopicListQuery), async (c) => c.json(await topicSubTopics(tenantDb(c), c.req.valid('query'))))
  .post('/admin/subtopics', ...can('create'), validate('json', subTopicInput), async (c) => c.json(await createSubTopic(tenantDb(c), c.req.valid('json')), 201))
  .put('/admin/subtopics/:id', ...can('edit'), validate('param', idParam), validate('json', subTopicUpdate), async (c) =>
    c.json(await updateSubTopic(tenantDb(c), c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/admin/subtopics/:id', ...can('delete'), validate('param', idParam), async (c) => c.json(await deleteSubTopic(tenantDb(c), c.req.valid('param').id)));

// The fifteen content edits share one shape: gate, validate the body, apply the edit.
for (const name of editNames) {
  routes = routes.put(`/admin/subtopics/:id/${name}`, ...can('edit'), validate('param', idParam), validate('json', subTopicEdits[name]), async (c) =>
    c.json(await editSubTopic(tenantDb(c), c.req.valid('param').id, name, c.req.valid('json' as never))),
  ) as typeof routes;
}

export const subTopicRoutes = routes;
