import { Hono } from 'hono';
import { z } from 'zod';
import { idParam, recordId } from '../../schema/contracts/common';
import { approveInput } from '../../schema/contracts/content';
import {
  essayDraftInput,
  essayListQuery,
  essayOverrideInput,
  essayQuestionInput,
  essayResponseInput,
  essayResponseListQuery,
} from '../../schema/contracts/essays';
import type { AppBindings } from '../env';
import { essayResponseForMarker, essayResponsePage } from '../lib/essays/marking';
import { approveEssay, createEssay, deleteEssay, draftEssays, essayPage, updateEssay } from '../lib/essays/questions';
import { findEssay, toEssayDoc } from '../lib/essays/records';
import { markEssayResponse, overrideEssayMark, randomEssay } from '../lib/essays/responses';
import { tenantDb } from '../lib/tenant-db';
import { tutorHelper } from '../lib/tutor-helper';
import { authOf, requireAuth } from '../middleware/auth';
import { requirePermission } from '../middleware/permissions';
import { requireLearner, requireMarker, requireMarkingReader, reviewerOf } from '../middleware/quiz';
import { validate } from '../middleware/validate';

const can = (...actions: string[]) => [requireAuth, requirePermission('questionBank', actions)] as const;
const subTopicIdParam = z.object({ subTopicId: recordId });

/** The admin side of structured essay questions: the question bank's permission group gates them too. */
export const adminEssayQuestionRoutes = new Hono<AppBindings>()
  .get('/admin/essay-questions', ...can('view'), validate('query', essayListQuery), async (c) => c.json(await essayPage(tenantDb(c), c.req.valid('query'))))
  .post('/admin/essay-questions/gptQuestion', ...can('create'), validate('json', essayDraftInput), async (c) =>
    c.json(await draftEssays(tenantDb(c), c.req.valid('json'), tutorHelper(c.env), false)),
  )
  .post('/admin/essay-questions/gpt/question', ...can('create'), validate('json', essayDraftInput), async (c) =>
    c.json(await draftEssays(tenantDb(c), c.req.valid('json'), tutorHelper(c.env), true)),
  )
  .get('/admin/essay-questions/:id', ...can('view'), validate('param', idParam), async (c) =>
    c.json(toEssayDoc(await findEssay(tenantDb(c), c.req.valid('param').id))),
  )
  .post('/admin/essay-questions', ...can('create'), validate('json', essayQuestionInput), async (c) =>
    c.json(await createEssay(tenantDb(c), authOf(c), c.req.valid('json')), 201),
  )
  .put('/admin/essay-questions/approve/:id', ...can('approve'), validate('param', idParam), validate('json', approveInput), async (c) =>
    c.json(await approveEssay(tenantDb(c), authOf(c), c.req.valid('param').id, c.req.valid('json'))),
  )
  .put('/admin/essay-questions/delete/:id', ...can('delete'), validate('param', idParam), async (c) =>
    c.json(await deleteEssay(tenantDb(c), c.req.valid('param').id)),
  )
  .put('/admin/essay-questions/:id', ...can('edit'), validate('param', idParam), validate('json', essayQuestionInput), async (c) =>
    c.json(await updateEssay(tenantDb(c), c.req.valid('param').id, c.req.valid('json'))),
  );

/** The learner side: a random approved question and the marking of an answer; tutors read the answers and may change a part's mark. */
export const essayQuestionRoutes = new Hono<AppBindings>()
  .use('/essay-questions/*', requireAuth)
  .get('/essay-questions/random/:subTopicId', requireLearner, validate('param', subTopicIdParam), async (c) =>
    c.json(await randomEssay(tenantDb(c), c.req.valid('param').subTopicId)),
  )
  .post('/essay-questions/aiResponse', requireLearner, validate('json', essayResponseInput), async (c) =>
    c.json(await markEssayResponse(tenantDb(c), authOf(c), c.req.valid('json'), tutorHelper(c.env)), 201),
  )
  // Markers read the answers: tutors their own students', admins holding `submissions: view` everyone's.
  .get('/essay-questions/responses', requireMarkingReader, validate('query', essayResponseListQuery), async (c) =>
    c.json(await essayResponsePage(tenantDb(c), reviewerOf(c), c.req.valid('query'))),
  )
  .get('/essay-questions/responses/:id', requireMarkingReader, validate('param', idParam), async (c) =>
    c.json(await essayResponseForMarker(tenantDb(c), reviewerOf(c), c.req.valid('param').id)),
  )
  .post('/essay-questions/overrideMark', requireMarker, validate('json', essayOverrideInput), async (c) =>
    c.json(await overrideEssayMark(tenantDb(c), reviewerOf(c), c.req.valid('json'))),
  );
