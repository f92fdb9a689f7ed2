import { env } from 'cloudflare:workers';
import { count, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { Hono } from 'hono';
import { sign } from 'hono/jwt';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LogInAsUserResponse } from '../../schema/contracts/admin-users';
import type { AuthUserResponse, TokenResponse } from '../../schema/contracts/auth';
import { DEMO_USERS, TENANT_IDS } from '../../schema/seed';
import * as tables from '../../schema/tables';
import { auditLog, sessions, tenants, users } from '../../schema/tables';
import type { AppBindings } from '../../worker/env';
import { verifyAccessToken } from '../../worker/lib/access-tokens';
import { authOf, requireAuth } from '../../worker/middleware/auth';
import { onError } from '../../worker/middleware/errors';
import { refuseWhileImpersonating } from '../../worker/middleware/permissions';
import { type Callers, call, callers, EXTRA_ADMINS, seedExtraAdmins } from '../helpers/admins';
import { expectFieldError, signIn } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

let as: Callers;

beforeAll(async () => {
  await seedDemo();
  await seedExtraAdmins();
  as = await callers();
  await db.insert(users).values({ _id: 'user_deleted', tenantId: TENANT_IDS.studyhall, role: 'STUDENT', email: null, deletedAt: new Date() });
});

const REASON = 'Checking his booking problem';

async function logInAs(userId: string, adminToken = as.admin) {
  const res = await call('POST', '/admin/users/log-in-as-user', adminToken, { userId, reason: REASON });
  expect(res.status).toBe(200);
  return res.json<LogInAsUserResponse>();
}

const sessionCount = async () => (await db.select({ n: count() }).from(sessions).get())!.n;
const auditFor = (sessionId: string) => db.select().from(auditLog).where(eq(auditLog.sessionId, sessionId)).all();

/** The real auth middleware in front of two writes, one of them refused while impersonating. */
function probeApp() {
  const app = new Hono<AppBindings>()
    .use(async (c, next) => {
      c.set('db', drizzle(c.env.DB, { schema: tables }));
      c.set('tenant', (await db.select().from(tenants).where(eq(tenants._id, TENANT_IDS.studyhall)).get())!);
      await next();
    })
    .use(requireAuth)
    .post('/api/probe/change', (c) => c.json({ actingAs: authOf(c).userId, impersonatorId: authOf(c).impersonatorId ?? null }))
    .put('/api/probe/password', refuseWhileImpersonating, (c) => c.json({ ok: true }))
    .get('/api/probe/read', (c) => c.json({ ok: true }));
  app.onError(onError);
  return app;
}
const probe = (method: string, path: string, token: string) => probeApp().request(path, { method, headers: { authorization: `Bearer ${token}` } }, env);

describe('happy', () => {
  it('opens a session for the user tied to the admin’s session and answers the token, user and impersonator', async () => {
    const body = await logInAs(DEMO_USERS.student._id);
    expect(body).toMatchObject({
      token_type: 'Bearer',
      oauthUser: { _id: DEMO_USERS.student._id, firstname: 'Sam', role: { name: 'STUDENT', isGuest: false } },
      impersonator: { _id: DEMO_USERS.admin._id, firstname: 'Ada', lastname: 'Admin' },
    });
    const claims = await verifyAccessToken(env.TOKEN_SECRET, body.access_token);
    const adminClaims = await verifyAccessToken(env.TOKEN_SECRET, as.admin);
    expect(claims).toMatchObject({ sub: DEMO_USERS.student._id, role: 'STUDENT', imp: DEMO_USERS.admin._id });
    const session = await db.select().from(sessions).where(eq(sessions._id, claims!.sid)).get();
    expect(session).toMatchObject({
      userId: DEMO_USERS.student._id,
      impersonatorId: DEMO_USERS.admin._id,
      returnSessionId: adminClaims!.sid,
      authType: 'impersonation',
    });
    const me = await (await call('GET', '/user/authUser', body.access_token)).json<AuthUserResponse>();
    expect(me._id).toBe(DEMO_USERS.student._id);
    expect(await auditFor(claims!.sid)).toEqual([
      expect.objectContaining({
        action: 'impersonation.start',
        actorId: DEMO_USERS.admin._id,
        actingAsId: null,
        subjectId: DEMO_USERS.student._id,
        subjectLabel: 'Sam Student',
        reason: REASON,
        tenantId: TENANT_IDS.studyhall,
      }),
    ]);
  });

  it('records every change made while acting as someone, refused ones too, and no reads', async () => {
    const { access_token: token } = await logInAs(DEMO_USERS.tutor._id);
    const sid = (await verifyAccessToken(env.TOKEN_SECRET, token))!.sid;
    expect(await (await probe('POST', '/api/probe/change', token)).json()).toEqual({ actingAs: DEMO_USERS.tutor._id, impersonatorId: DEMO_USERS.admin._id });
    expect((await probe('GET', '/api/probe/read', token)).status).toBe(200);
    // POSTs that only read, or fetch a socket ticket, change nothing and leave no row.
    await call('POST', '/meta-tags/get', token, { path: '/' });
    await call('POST', '/rt/tickets', token, { room: 'inbox' });
    expect((await call('POST', '/admin/users', token, { role: 'STUDENT', firstname: 'A', lastname: 'B', email: 'ab@studyhall.test' })).status).toBe(403);
    const rows = await auditFor(sid);
    expect(rows.map((r) => [r.action, r.method, r.route, r.status])).toEqual([
      ['impersonation.start', null, null, null],
      ['request', 'POST', '/api/probe/change', 200],
      ['request', 'POST', '/api/admin/users', 403],
    ]);
    expect(rows.every((r) => r.actorId === DEMO_USERS.admin._id && r.subjectId === DEMO_USERS.tutor._id && r.tenantId === TENANT_IDS.studyhall)).toBe(true);
    expect(rows.slice(1).every((r) => r.actingAsId === DEMO_USERS.tutor._id && r.subjectLabel === 'Theo Tutor')).toBe(true);
  });

  it('records nothing for a person’s own session', async () => {
    const own = await signIn('student2@studyhall.test');
    const before = (await db.select({ n: count() }).from(auditLog).get())!.n;
    expect((await probe('POST', '/api/probe/change', own)).status).toBe(200);
    expect((await db.select({ n: count() }).from(auditLog).get())!.n).toBe(before);
  });

  it('returns to the admin’s own session and ends the impersonation', async () => {
    const { access_token: token } = await logInAs(DEMO_USERS.parent._id);
    const res = await call('POST', '/admin/users/return', token);
    expect(res.status).toBe(200);
    const back = await res.json<TokenResponse>();
    expect(back.oauthUser).toMatchObject({ _id: DEMO_USERS.admin._id, role: { name: 'ADMIN' } });
    const backClaims = await verifyAccessToken(env.TOKEN_SECRET, back.access_token);
    expect(backClaims?.sid).toBe((await verifyAccessToken(env.TOKEN_SECRET, as.admin))!.sid);
    expect(backClaims).not.toHaveProperty('imp');
    expect((await call('GET', '/user/authUser', token)).status).toBe(401);
    expect((await call('GET', '/admin/users', back.access_token)).status).toBe(200);
    const sid = (await verifyAccessToken(env.TOKEN_SECRET, token))!.sid;
    expect((await auditFor(sid)).map((r) => [r.action, r.actorId, r.actingAsId])).toEqual([
      ['impersonation.start', DEMO_USERS.admin._id, null],
      ['impersonation.end', DEMO_USERS.admin._id, DEMO_USERS.parent._id],
    ]);
  });
});

describe('errors', () => {
  it('refuses password and payment-method changes while impersonating, and records the attempt', async () => {
    const { access_token: token } = await logInAs(DEMO_USERS.student._id);
    const res = await probe('PUT', '/api/probe/password', token);
    expect(res.status).toBe(403);
    expect((await res.json<{ message: string }>()).message).toBe('This cannot be changed while acting as another user');
    const sid = (await verifyAccessToken(env.TOKEN_SECRET, token))!.sid;
    expect((await auditFor(sid)).find((r) => r.route === '/api/probe/password')?.status).toBe(403);
    expect((await probe('PUT', '/api/probe/password', await signIn('student@studyhall.test'))).status).toBe(200);
  });

  it('refuses the real password change and account deletion while impersonating, and changes nothing', async () => {
    const { access_token: token } = await logInAs(DEMO_USERS.student._id);
    const before = await db.select().from(users).where(eq(users._id, DEMO_USERS.student._id)).get();
    const change = await call('POST', '/auth/change-password', token, { currentPassword: 'studyhall-demo', newPassword: 'taken-over-1' });
    expect(change.status).toBe(403);
    const deletion = await call('PUT', '/user/delete', token, { password: 'studyhall-demo' });
    expect(deletion.status).toBe(403);
    expect(await db.select().from(users).where(eq(users._id, DEMO_USERS.student._id)).get()).toEqual(before);
    const sid = (await verifyAccessToken(env.TOKEN_SECRET, token))!.sid;
    expect((await auditFor(sid)).map((r) => [r.route, r.status])).toEqual(
      expect.arrayContaining([
        ['/api/auth/change-password', 403],
        ['/api/user/delete', 403],
      ]),
    );
  });

  it('refuses admins, deleted, unknown and missing targets without opening a session', async () => {
    const before = await sessionCount();
    expect((await call('POST', '/admin/users/log-in-as-user', as.admin, { userId: EXTRA_ADMINS.approver._id, reason: REASON })).status).toBe(403);
    expect((await call('POST', '/admin/users/log-in-as-user', as.admin, { userId: 'user_deleted', reason: REASON })).status).toBe(404);
    expect((await call('POST', '/admin/users/log-in-as-user', as.admin, { userId: 'nobody', reason: REASON })).status).toBe(404);
    await expectFieldError(await call('POST', '/admin/users/log-in-as-user', as.admin, { reason: REASON }), 'userId');
    expect(await sessionCount()).toBe(before);
  });

  it('needs a reason of a sentence: 400 naming reason, and no session', async () => {
    const before = await sessionCount();
    for (const reason of [undefined, '', '   ', 'why', 'x'.repeat(301)]) {
      await expectFieldError(await call('POST', '/admin/users/log-in-as-user', as.admin, { userId: DEMO_USERS.student._id, reason }), 'reason');
    }
    expect(await sessionCount()).toBe(before);
  });

  it('refuses return from a session that is not an impersonation', async () => {
    expect((await call('POST', '/admin/users/return', as.student)).status).toBe(403);
  });

  it('ends the impersonation when the admin’s own session ends', async () => {
    const adminToken = await signIn('admin@studyhall.test');
    const { access_token: token } = await logInAs(DEMO_USERS.student2._id, adminToken);
    expect((await call('POST', '/auth/sign-out', adminToken)).status).toBe(204);
    expect((await call('GET', '/user/authUser', token)).status).toBe(401);
    expect((await call('POST', '/admin/users/return', token)).status).toBe(401);
  });

  it('trusts the session row, not the claim: a forged or stripped imp claim is refused', async () => {
    const own = await verifyAccessToken(env.TOKEN_SECRET, as.student);
    const now = Math.floor(Date.now() / 1000);
    const forged = await sign({ ...own, imp: DEMO_USERS.admin._id, iat: now, exp: now + 600 }, env.TOKEN_SECRET, 'HS256');
    expect((await call('GET', '/user/authUser', forged)).status).toBe(401);
    const { access_token: token } = await logInAs(DEMO_USERS.student._id);
    const { imp: _imp, ...stripped } = (await verifyAccessToken(env.TOKEN_SECRET, token))!;
    const unmarked = await sign({ ...stripped, iat: now, exp: now + 600 }, env.TOKEN_SECRET, 'HS256');
    expect((await call('GET', '/user/authUser', unmarked)).status).toBe(401);
  });
});

describe('permissions', () => {
  it('refuses admins without logInAsUser, non-admins and an impersonation session itself', async () => {
    const before = await sessionCount();
    for (const token of [as.enterer, as.approver, as.student, as.tutor, as.parent]) {
      expect((await call('POST', '/admin/users/log-in-as-user', token, { userId: DEMO_USERS.student._id, reason: REASON })).status).toBe(403);
    }
    expect(await sessionCount()).toBe(before);
    const { access_token: token } = await logInAs(DEMO_USERS.tutor._id);
    expect((await call('POST', '/admin/users/log-in-as-user', token, { userId: DEMO_USERS.student._id, reason: REASON })).status).toBe(403);
    expect((await call('POST', '/admin/users/log-in-as-user', token, {})).status, 'the gate runs before the body is read').toBe(403);
  });

  it('gives another tenant’s admin 404 for this tenant’s users, and refuses their token here', async () => {
    const before = await sessionCount();
    expect((await call('POST', '/admin/users/log-in-as-user', as.partner, { userId: DEMO_USERS.student._id, reason: REASON }, PARTNER_HOST)).status).toBe(404);
    expect((await call('POST', '/admin/users/log-in-as-user', as.partner, { userId: DEMO_USERS.student._id, reason: REASON })).status).toBe(401);
    expect(await sessionCount()).toBe(before);
    const partnerAsLearner = await call(
      'POST',
      '/admin/users/log-in-as-user',
      as.partner,
      { userId: DEMO_USERS.partnerLearner._id, reason: REASON },
      PARTNER_HOST,
    );
    expect(partnerAsLearner.status).toBe(200);
    const { access_token: token } = await partnerAsLearner.json<LogInAsUserResponse>();
    expect((await call('GET', '/user/authUser', token)).status).toBe(401);
  });
});
