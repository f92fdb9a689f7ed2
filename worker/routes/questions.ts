import { Hono } from 'hono';
import { aiMarkingQuery, assessCheckInput, assessQuery } from '../../schema/contracts/quiz';
import type { AppBindings } from '../env';
import { aiMarking, assessQuestions, checkAssessAnswers } from '../lib/quiz/practice';
import { tenantDb } from '../lib/tenant-db';
import { tutorHelper } from '../lib/tutor-helper';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAiMarker, requireLearner } from '../middleware/quiz';
import { validate } from '../middleware/validate';

/** The learner's question calls of spec 3 §7: a quick check on a sub topic, and an open answer marked on demand. */
export const questionRoutes = new Hono<AppBindings>()
  .use('/questions/*', requireAuth)
  .get('/questions/assess-questions', requireLearner, validate('query', assessQuery), async (c) =>
    c.json(await assessQuestions(tenantDb(c), authOf(c), c.req.valid('query'))),
  )
  .post('/questions/assess-questions/check', requireLearner, validate('json', assessCheckInput), async (c) =>
    c.json(await checkAssessAnswers(tenantDb(c), authOf(c), c.req.valid('json'))),
  )
  .get('/questions/ai-marking', requireAiMarker, validate('query', aiMarkingQuery), async (c) =>
    c.json(await aiMarking(tenantDb(c), authOf(c), c.req.valid('query'), tutorHelper(c.env))),
  );
