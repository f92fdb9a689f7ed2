import { Hono } from 'hono';
import { usageAddInput } from '../../schema/contracts/quiz';
import type { AppBindings } from '../env';
import { learnerFor } from '../lib/quiz/learner';
import { reportUsage, startQuizTrial, usageOf } from '../lib/quiz/usage';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requireLearner } from '../middleware/quiz';
import { validate } from '../middleware/validate';

export const usageRoutes = new Hono<AppBindings>()
  .use('/usages', requireAuth, requireLearner)
  .use('/usages/*', requireAuth, requireLearner)
  .get('/usages', async (c) => {
    const tdb = tenantDb(c);
    return c.json(await usageOf(tdb, await learnerFor(tdb, authOf(c))));
  })
  .post('/usages', validate('json', usageAddInput), async (c) => c.json(await reportUsage(tenantDb(c), authOf(c), c.req.valid('json'))))
  .post('/usages/quiz-trial', async (c) => {
    const { created, ...body } = await startQuizTrial(tenantDb(c), authOf(c));
    return c.json(body, created ? 201 : 200);
  });
