import { Hono } from 'hono';
import { z } from 'zod';
import { idParam, recordId } from '../../schema/contracts/common';
import {
  adminQuizQuery,
  bySubTopicInput,
  learnerQuizQuery,
  pageQuery,
  quizCreateInput,
  quizHistoryQuery,
  quizPublishInput,
  quizResourceInput,
  reportIssueInput,
} from '../../schema/contracts/quiz';
import type { AppBindings } from '../env';
import { createQuiz, publishQuiz } from '../lib/quiz/authoring';
import {
  attemptedQuizzes,
  ownQuizzesAttempted,
  publishedQuiz,
  publishedQuizzes,
  quizDocs,
  reportIssue,
  subTopicPapers,
  subTopicQuizzes,
  tenantQuiz,
  topicQuizzes,
} from '../lib/quiz/quizzes';
import { openQuizResource } from '../lib/quiz/resources';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requirePermission } from '../middleware/permissions';
import { requireLearner } from '../middleware/quiz';
import { validate } from '../middleware/validate';

const userIdParam = z.object({ userId: recordId });

/** Admin: quizzes per topic or sub topic, created from the question bank and published when ready. */
export const adminQuizRoutes = new Hono<AppBindings>()
  .use('/admin/quizzes', requireAuth)
  .use('/admin/quizzes/*', requireAuth)
  .get('/admin/quizzes', requirePermission('quizzes', ['view']), validate('query', adminQuizQuery), async (c) =>
    c.json(await topicQuizzes(tenantDb(c), c.req.valid('query'))),
  )
  .get(
    '/admin/quizzes/user/:userId',
    requirePermission('submissions', ['view']),
    requirePermission('quiz', ['view']),
    validate('param', userIdParam),
    validate('query', pageQuery),
    async (c) => c.json(await attemptedQuizzes(tenantDb(c), c.req.valid('param').userId, c.req.valid('query'), undefined, true)),
  )
  .post('/admin/quizzes', requirePermission('quizzes', ['create']), validate('json', quizCreateInput), async (c) =>
    c.json(await createQuiz(tenantDb(c), authOf(c), c.req.valid('json')), 201),
  )
  .get('/admin/quizzes/:id', requirePermission('quizzes', ['view']), validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    const [doc] = await quizDocs(tdb, [await tenantQuiz(tdb, c.req.valid('param').id)]);
    return c.json(doc);
  })
  .put('/admin/quizzes/publish/:id', requirePermission('quizzes', ['edit']), validate('param', idParam), validate('json', quizPublishInput), async (c) =>
    c.json(await publishQuiz(tenantDb(c), c.req.valid('param').id, c.req.valid('json'))),
  );

/** Learners: published quizzes of this tenant only. */
export const quizRoutes = new Hono<AppBindings>()
  .use('/quizzes', requireAuth)
  .use('/quizzes/*', requireAuth)
  .get('/quizzes', validate('query', learnerQuizQuery), async (c) => c.json(await publishedQuizzes(tenantDb(c), c.req.valid('query'))))
  .get('/quizzes/history', requireLearner, validate('query', quizHistoryQuery), async (c) =>
    c.json(await ownQuizzesAttempted(tenantDb(c), authOf(c), c.req.valid('query'))),
  )
  .post('/quizzes/getBySubTopicId', validate('json', bySubTopicInput), async (c) => c.json(await subTopicQuizzes(tenantDb(c), c.req.valid('json'))))
  .get('/quizzes/checkPapersBySubTopicId/:id', validate('param', idParam), async (c) => c.json(await subTopicPapers(tenantDb(c), c.req.valid('param').id)))
  .post('/quizzes/report-issue', requireLearner, validate('json', reportIssueInput), async (c) =>
    c.json(await reportIssue(tenantDb(c), authOf(c), c.req.valid('json')), 201),
  )
  .post('/quizzes/resource', requireLearner, validate('json', quizResourceInput), async (c) =>
    c.json(await openQuizResource(tenantDb(c), authOf(c), c.req.valid('json'))),
  )
  .get('/quizzes/:id', validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    const [doc] = await quizDocs(tdb, [await publishedQuiz(tdb, c.req.valid('param').id)]);
    return c.json(doc);
  });
