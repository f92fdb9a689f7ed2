import { count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { ApiError } from '../../platform/errors';
import { type AuditEntry, auditLogQuery, type LogInAsUserResponse, logInAsUserInput } from '../../schema/contracts/admin-users';
import type { TokenResponse } from '../../schema/contracts/auth';
import { auditLog, sessions, users } from '../../schema/tables';
import type { AppBindings } from '../env';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from '../lib/access-tokens';
import { findManagedUser, peopleById } from '../lib/admin-user-record';
import { writeAudit } from '../lib/audit';
import { paged } from '../lib/pagination';
import { toPublicUser } from '../lib/public-user';
import { endSession, openImpersonation } from '../lib/sessions';
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
    const tdb = tenantDb(c);
    const auth = authOf(c);
    if (auth.impersonatorId) throw new ApiError(403, 'Return to your own account before acting as someone else');
    const target = await findManagedUser(tdb, (await parseJson(c, logInAsUserInput)).userId);
    if (target.role === 'ADMIN') throw new ApiError(403, 'You cannot act as another admin');

    const admin = await tdb.db
      .select()
      .from(users)
      .where(tdb.where(users, eq(users._id, auth.userId)))
      .get();
    const adminSession = await tdb.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(tdb.where(sessions, eq(sessions._id, auth.sessionId)))
      .get();
    if (!admin || !adminSession) throw new ApiError(401, 'Your session has expired. Please sign in again.');

    // It cannot outlive the admin's own session, which is where "Return to my account" goes.
    const expiresAt = new Date(Math.min(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000, adminSession.expiresAt.getTime()));
    const session = { _id: await openImpersonation(tdb, auth, target._id, expiresAt) };
    const { token, expiresIn } = await signAccessToken(c.env.TOKEN_SECRET, {
      sub: target._id,
      tid: tdb.tenantId,
      sid: session._id,
      role: target.role,
      guest: false,
      imp: admin._id,
    });
    await writeAudit(tdb.db, {
      tenantId: tdb.tenantId,
      actorId: admin._id,
      subjectId: target._id,
      sessionId: session._id,
      method: c.req.method,
      route: c.req.path,
      status: 200,
    });
    const body: LogInAsUserResponse = {
      access_token: token,
      token_type: 'Bearer',
      expires_in: expiresIn,
      oauthUser: await toPublicUser(tdb, target),
      impersonator: { _id: admin._id, firstname: admin.firstname, lastname: admin.lastname },
    };
    return c.json(body);
  })
  .post('/admin/users/return', requireAuth, async (c) => {
    const tdb = tenantDb(c);
    const auth = authOf(c);
    if (!auth.impersonatorId) throw new ApiError(403, 'You are not acting as another user');
    const current = await tdb.db
      .select({ returnSessionId: sessions.returnSessionId })
      .from(sessions)
      .where(tdb.where(sessions, eq(sessions._id, auth.sessionId)))
      .get();
    await endSession(tdb, auth.sessionId);

    const back = current?.returnSessionId
      ? await tdb.db
          .select({ _id: sessions._id })
          .from(sessions)
          .where(
            tdb.where(
              sessions,
              eq(sessions._id, current.returnSessionId),
              eq(sessions.userId, auth.impersonatorId),
              isNull(sessions.revokedAt),
              gt(sessions.expiresAt, new Date()),
            ),
          )
          .get()
      : undefined;
    const admin = await tdb.db
      .select()
      .from(users)
      .where(tdb.where(users, eq(users._id, auth.impersonatorId), isNull(users.deletedAt)))
      .get();
    if (!back || !admin) throw new ApiError(401, 'Your admin session has ended. Please sign in again.');
    const { token, expiresIn } = await signAccessToken(c.env.TOKEN_SECRET, {
      sub: admin._id,
      tid: tdb.tenantId,
      sid: back._id,
      role: admin.role,
      guest: false,
    });
    const body: TokenResponse = { access_token: token, token_type: 'Bearer', expires_in: expiresIn, oauthUser: await toPublicUser(tdb, admin) };
    return c.json(body);
  })
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
