import { Hono } from 'hono';
import { logInAsUserInput } from '../../schema/contracts/admin-users';
import type { AppBindings } from '../env';
import { endImpersonation, startImpersonation } from '../lib/accounts/impersonation';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requirePermission } from '../middleware/permissions';
import { parseJson } from '../middleware/validate';

/**
 * Log in as user: the admin gets a separate session for the person, tied to the admin's own session, and can go
 * back to it in one step. The reason is kept with the audit entry; everything the admin changes meanwhile lands in the
 * audit log too (see middleware/auth.ts).
 */
export const impersonationRoutes = new Hono<AppBindings>()
  .post('/admin/users/log-in-as-user', requireAuth, requirePermission('adminUsers', ['logInAsUser']), async (c) => {
    const readInput = () => parseJson(c, logInAsUserInput);
    return c.json(await startImpersonation(tenantDb(c), authOf(c), { readInput, secret: c.env.TOKEN_SECRET }));
  })
  .post('/admin/users/return', requireAuth, async (c) => c.json(await endImpersonation(tenantDb(c), authOf(c), c.env.TOKEN_SECRET)));
