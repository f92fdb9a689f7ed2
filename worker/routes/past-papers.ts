import { Hono } from 'hono';
import { z } from 'zod';
import { recordId } from '../../schema/contracts/common';
import { adminPastPaperQuery, pastPaperImportInput, subjectPastPaperQuery, topicalQuery } from '../../schema/contracts/past-papers';
import type { AppBindings } from '../env';
import { pastPaperPage, subjectPastPapers } from '../lib/past-papers/catalogue';
import { importPastPapers } from '../lib/past-papers/import';
import { topicalPapers, topicalSubTopics } from '../lib/past-papers/topical';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requirePermission } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const subTopicParam = z.object({ subTopicId: recordId });

/** Learners (guests on the free trial too): the catalogue of a subject and the sub topics to practise from past papers. */
export const pastPaperRoutes = new Hono<AppBindings>()
  .use('/past-papers', requireAuth)
  .use('/past-papers/*', requireAuth)
  .get('/past-papers', validate('query', subjectPastPaperQuery), async (c) => c.json(await subjectPastPapers(tenantDb(c), c.req.valid('query'))))
  .get('/past-papers/topical', validate('query', topicalQuery), async (c) => c.json(await topicalSubTopics(tenantDb(c), c.req.valid('query'))))
  .get('/past-papers/topical/:subTopicId', validate('param', subTopicParam), async (c) =>
    c.json(await topicalPapers(tenantDb(c), c.req.valid('param').subTopicId)),
  );

/** Admin: the imported catalogue, and the upload that replaces or adds papers (the `pastPapers` flag). */
export const adminPastPaperRoutes = new Hono<AppBindings>()
  .use('/admin/past-papers', requireAuth)
  .use('/admin/past-papers/*', requireAuth)
  .get('/admin/past-papers', requirePermission('pastPapers', ['view']), validate('query', adminPastPaperQuery), async (c) =>
    c.json(await pastPaperPage(tenantDb(c), c.req.valid('query'))),
  )
  .post('/admin/past-papers/import', requirePermission('pastPapers', ['import']), validate('json', pastPaperImportInput), async (c) =>
    c.json(await importPastPapers(tenantDb(c), authOf(c), c.req.valid('json')), 201),
  );
