import { Hono } from 'hono';
import { idParam } from '../../schema/contracts/common';
import { approveInput, createManyInput, questionIdsQuery, questionInput, questionListQuery } from '../../schema/contracts/content';
import type { AppBindings } from '../env';
import { approveQuestion, createQuestion, createQuestions, deleteQuestion, questionPage, questionsById, updateQuestion } from '../lib/content/questions';
import { findQuestion, toQuestionDoc } from '../lib/content/records';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const can = (...actions: string[]) => [requireAuth, requirePermission('questionBank', actions)] as const;

export const adminQuestionRoutes = new Hono<AppBindings>()
  .get('/admin/questions', ...can('view'), validate('query', questionListQuery), async (c) => c.json(await questionPage(tenantDb(c), c.req.valid('query'))))
  .get('/admin/questions/list', ...can('view'), validate('query', questionIdsQuery), async (c) => c.json(await questionsById(tenantDb(c), c.req.valid('query'))))
  .get('/admin/questions/:id', ...can('view'), validate('param', idParam), async (c) => c.json(toQuestionDoc(await findQuestion(tenantDb(c), c.req.valid('param').id))))
  .post('/admin/questions', ...can('create'), validate('json', questionInput), async (c) => c.json(await createQuestion(tenantDb(c), authOf(c), c.req.valid('json')), 201))
  .post('/admin/questions/create-many', ...can('create'), validate('json', createManyInput), async (c) =>
    c.json(await createQuestions(tenantDb(c), authOf(c), c.req.valid('json')), 201),
  )
  .put('/admin/questions/approve/:id', ...can('approve'), validate('param', idParam), validate('json', approveInput), async (c) =>
    c.json(await approveQuestion(tenantDb(c), authOf(c), c.req.valid('param').id, c.req.valid('json'))),
  )
  .put('/admin/questions/delete/:id', ...can('delete'), validate('param', idParam), async (c) => c.json(await deleteQuestion(tenantDb(c), c.req.valid('param').id)))
  .put('/admin/questions/:id', ...can('edit'), validate('param', idParam), validate('json', questionInput), async (c) =>
    c.json(await updateQuestion(tenantDb(c), c.req.valid('param').id, c.req.valid('json'))),
  );
