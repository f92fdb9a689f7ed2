import { Hono } from 'hono';
import { ApiError } from '../../platform/errors';
import { idParam } from '../../schema/contracts/common';
import { progressQuery, progressUnsubscribeInput, saveProgressInput, subjectProgressInput } from '../../schema/contracts/progress';
import type { AppBindings } from '../env';
import { type ProgressViewer, readableLearner, readableProgress, savingLearner } from '../lib/progress/access';
import { curriculumProgress, learnerProgress, subjectProgress } from '../lib/progress/compute';
import { progressLearners } from '../lib/progress/learners';
import { saveProgress } from '../lib/progress/save';
import { unsubscribeFromProgress } from '../lib/progress/unsubscribe';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount, requireRole } from '../middleware/permissions';
import { requireProgressArea, requireProgressReader } from '../middleware/progress';
import { parseJson, validate } from '../middleware/validate';

const viewerOf = (c: { get: (key: 'tenant') => AppBindings['Variables']['tenant'] }, actor: ReturnType<typeof authOf>): ProgressViewer => ({
  actor,
  tenantPermissions: c.get('tenant').permissions,
});

/**
 * Progress (spec 3 §7, issue 33): save, read (also per curriculum) and one subject, computed from finished quiz
 * attempts and closed lessons. `/progress/learners` comes before `/progress/:id`.
 */
export const progressRoutes = new Hono<AppBindings>()
  .post('/progress/unsubscribe', validate('json', progressUnsubscribeInput), async (c) =>
    c.json(await unsubscribeFromProgress(tenantDb(c), c.env.TOKEN_SECRET, c.req.valid('json').token)),
  )
  .post('/progress', requireAuth, requireAccount, requireProgressArea, async (c) => {
    const tdb = tenantDb(c);
    const learnerId = await savingLearner(tdb, authOf(c));
    await saveProgress(tdb, learnerId, await parseJson(c, saveProgressInput));
    return c.json(await learnerProgress(tdb, await readableLearner(tdb, viewerOf(c, authOf(c)), learnerId)));
  })
  .get('/progress/learners', requireAuth, requireAccount, requireProgressArea, requireRole('STUDENT', 'PARENT', 'TUTOR'), async (c) =>
    c.json(await progressLearners(tenantDb(c), authOf(c))),
  )
  .post(
    '/progress/getSubjectProgress',
    requireAuth,
    requireAccount,
    requireProgressArea,
    requireProgressReader,
    validate('json', subjectProgressInput),
    async (c) => {
      const tdb = tenantDb(c);
      const actor = authOf(c);
      const input = c.req.valid('json');
      const doc = await readableProgress(tdb, viewerOf(c, actor), input.userId ?? actor.actingUserId, (learner) =>
        subjectProgress(tdb, learner, input.subjectId),
      );
      if (!doc) throw new ApiError(404, 'Subject not found');
      return c.json(doc);
    },
  )
  .get(
    '/progress/:id',
    requireAuth,
    requireAccount,
    requireProgressArea,
    requireProgressReader,
    validate('param', idParam),
    validate('query', progressQuery),
    async (c) => {
      const tdb = tenantDb(c);
      const doc = await readableProgress(tdb, viewerOf(c, authOf(c)), c.req.valid('param').id, (learner) => learnerProgress(tdb, learner));
      if (!doc) throw new ApiError(404, 'Progress not found');
      const { curriculumId } = c.req.valid('query');
      return c.json(curriculumId ? curriculumProgress(doc, curriculumId) : doc);
    },
  );
