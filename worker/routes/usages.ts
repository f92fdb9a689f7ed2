import { Hono } from 'hono';
import { idParam } from '../../schema/contracts/common';
import { hasTenantPermission } from '../../schema/contracts/permissions';
import { usageAddInput } from '../../schema/contracts/quiz';
import type { AppBindings } from '../env';
import { adminPermissions } from '../lib/admin-permissions';
import { ownUsage, reportUsage, startQuizTrial, usageFor } from '../lib/quiz/usage';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount } from '../middleware/permissions';
import { requireLearner } from '../middleware/quiz';
import { validate } from '../middleware/validate';

/** The admin usage flag of spec 2, or the `resources: usage` flag of spec 3 §6: either lets an admin read a learner's usage. */
const ADMIN_USAGE = { usage: ['view'], resources: ['usage'] };

export const usageRoutes = new Hono<AppBindings>()
  // Before the learner-only middleware: a parent or an admin may read a learner's usage too.
  .get('/usages/:id', requireAuth, requireAccount, validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    const actor = authOf(c);
    const adminMay = async () => hasTenantPermission(await adminPermissions(tdb.db, tdb.tenantId, actor.userId), c.get('tenant').permissions, ADMIN_USAGE);
    return c.json(await usageFor(tdb, actor, c.req.valid('param').id, adminMay));
  })
  .use('/usages', requireAuth, requireLearner)
  .use('/usages/*', requireAuth, requireLearner)
  .get('/usages', async (c) => c.json(await ownUsage(tenantDb(c), authOf(c))))
  .post('/usages', validate('json', usageAddInput), async (c) => c.json(await reportUsage(tenantDb(c), authOf(c), c.req.valid('json'))))
  .post('/usages/quiz-trial', async (c) => {
    const { created, ...body } = await startQuizTrial(tenantDb(c), authOf(c));
    return c.json(body, created ? 201 : 200);
  });
