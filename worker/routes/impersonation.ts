import { count, desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { type AuditEntry, auditLogQuery, logInAsUserInput } from '../../schema/contracts/admin-users';
import { auditLog } from '../../schema/tables';
import type { AppBindings } from '../env';
import { endImpersonation, startImpersonation } from '../lib/accounts/impersonation';
import { peopleById } from '../lib/admin-user-record';
import { paged } from '../lib/pagination';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requirePermission } from '../middleware/permissions';
import { parseJson, validate } from '../middleware/validate';

// Entries written within the same millisecond keep the order they were written in.
const insertionOrder = sql`${auditLog}.rowid`;

/**
 * Log in as user: the admin gets a separate session for the person, tied to the admin's own session, and can go
 * back to it in one step. Everything the admin changes meanwhile lands in the audit log (see middleware/auth.ts).
 */
export const impersonationRoutes = new Hono<AppBindings>()
  .post('/admin/users/log-in-as-user', requireAuth, requirePermission('adminUsers', ['logInAsUser']), async (c) => {
    const readUserId = async () => (await parseJson(c, logInAsUserInput)).userId;
    const input = { readUserId, secret: c.env.TOKEN_SECRET, method: c.req.method, route: c.req.path };
    return c.json(await startImpersonation(tenantDb(c), authOf(c), input));
  })
  .post('/admin/users/return', requireAuth, async (c) => c.json(await endImpersonation(tenantDb(c), authOf(c), c.env.TOKEN_SECRET)))
  .get('/admin/audit-log', requireAuth, requirePermission('adminUsers', ['view']), validate('query', auditLogQuery), async (c) => {
    const tdb = tenantDb(c);
    const query = c.req.valid('query');
    const where = tdb.where(
      auditLog,
      query.subjectId ? eq(auditLog.subjectId, query.subjectId) : undefined,
      query.actorId ? eq(auditLog.actorId, query.actorId) : undefined,
    );
    const [rows, total] = await Promise.all([
      tdb.db.select().from(auditLog).where(where).orderBy(desc(auditLog.createdAt), desc(insertionOrder)).limit(query.limit).offset(query.offset).all(),
      tdb.db.select({ n: count() }).from(auditLog).where(where).get(),
    ]);
    const names = await peopleById(
      tdb,
      rows.flatMap((row) => [row.actorId, row.subjectId]),
    );
    const docs: AuditEntry[] = rows.map((row) => ({
      _id: row._id,
      actor: names.get(row.actorId) ?? null,
      subject: names.get(row.subjectId) ?? null,
      sessionId: row.sessionId,
      method: row.method,
      route: row.route,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    }));
    return c.json(paged(docs, total?.n ?? 0, query));
  });
