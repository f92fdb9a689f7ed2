import { Hono } from 'hono';
import { idParam } from '../../schema/contracts/common';
import { TEAM_INBOX_PERMISSION, teamInboxQuery, teamThreadUpdate } from '../../schema/contracts/team-inbox';
import type { AppBindings } from '../env';
import { listThreads, updateThread } from '../lib/team-inbox/threads';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requirePermissions } from '../middleware/permissions';
import { validate } from '../middleware/validate';

/** The team inbox (issue 32): the conversations students and parents have with the team, for the admins who answer them. */
export const teamInboxRoutes = new Hono<AppBindings>()
  .get('/admin/team-inbox', requireAuth, requirePermissions(TEAM_INBOX_PERMISSION), validate('query', teamInboxQuery), async (c) =>
    c.json(await listThreads(tenantDb(c), authOf(c), c.get('tenant').permissions, c.req.valid('query'))),
  )
  .put(
    '/admin/team-inbox/:id',
    requireAuth,
    requirePermissions(TEAM_INBOX_PERMISSION),
    validate('param', idParam),
    validate('json', teamThreadUpdate),
    async (c) => c.json(await updateThread(tenantDb(c), authOf(c), c.get('tenant').permissions, c.req.valid('param').id, c.req.valid('json'))),
  );
