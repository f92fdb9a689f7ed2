import { env } from 'cloudflare:workers';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthUserResponse, TokenResponse } from '../../schema/contracts/auth';
import { DEMO_USERS } from '../../schema/seed';
import { sessions, users } from '../../schema/tables';
import { verifyAccessToken } from '../../worker/lib/access-tokens';
import { api, bearer, expectFieldError, signIn, signInFull, tokenRequest } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

beforeAll(seedDemo);

const INCORRECT = { error: 'invalid_grant', error_description: 'Incorrect email or password', message: 'Incorrect email or password' };

const sessionCount = async () => (await db.select({ n: count() }).from(sessions).get())?.n ?? 0;

describe('happy', () => {
  it('signs a student in with login:<email> and answers the token and the public user', async () => {
    const body = await signInFull('student@studyhall.test');
    expect(body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
      oauthUser: {
        _id: DEMO_USERS.student._id,
        firstname: 'Sam',
        lastname: 'Student',
        email: 'student@studyhall.test',
        role: { name: 'STUDENT', isGuest: false },
        timezone: expect.any(String),
        currency: expect.any(String),
        onboarded: true,
        userMapper: [],
      },
    });
    const claims = await verifyAccessToken(env.TOKEN_SECRET, body.access_token);
    expect(claims).toMatchObject({ sub: DEMO_USERS.student._id, tid: 'tenant_studyhall', role: 'STUDENT', guest: false });
    const session = await db.select().from(sessions).where(eq(sessions._id, claims!.sid)).get();
    expect(session).toMatchObject({ userId: DEMO_USERS.student._id, tenantId: 'tenant_studyhall', authType: 'login', revokedAt: null });
  });

  it('matches the email case-insensitively and ignores a client_secret', async () => {
    const res = await tokenRequest({ grant_type: 'password', username: 'login:Tutor@StudyHall.test', password: 'studyhall-demo', client_secret: 'anything' });
    expect(res.status).toBe(200);
    expect((await res.json<TokenResponse>()).oauthUser.role.name).toBe('TUTOR');
  });

  it('lists the students a parent manages in userMapper', async () => {
    const body = await signInFull('parent@studyhall.test');
    expect(body.oauthUser.role).toEqual({ name: 'PARENT', isGuest: false });
    expect(body.oauthUser.userMapper).toEqual([
      { _id: DEMO_USERS.student2._id, firstname: 'Maya', lastname: 'Student' },
      { _id: DEMO_USERS.student._id, firstname: 'Sam', lastname: 'Student' },
    ]);
  });

  it('opens a guest session with client_credentials, creating a GUEST user on this tenant', async () => {
    const res = await tokenRequest({ grant_type: 'client_credentials' }, PARTNER_HOST);
    expect(res.status).toBe(200);
    const body = await res.json<TokenResponse>();
    expect(body.token_type).toBe('Bearer');
    expect(body.oauthUser).toMatchObject({ role: { name: 'GUEST', isGuest: true }, email: null, userMapper: [] });
    const row = await db.select().from(users).where(eq(users._id, body.oauthUser._id)).get();
    expect(row).toMatchObject({ role: 'GUEST', tenantId: 'tenant_brightpath', passwordHash: null });
    const me = await api('/user/authUser', { headers: bearer(body.access_token) }, PARTNER_HOST);
    expect(me.status).toBe(200);
  });

  it('GET /user/authUser answers the signed-in user acting for themselves', async () => {
    const token = await signIn('admin@studyhall.test');
    const res = await api('/user/authUser', { headers: bearer(token) });
    expect(res.status).toBe(200);
    const body = await res.json<AuthUserResponse>();
    expect(body).toMatchObject({ _id: DEMO_USERS.admin._id, firstname: 'Ada', role: { name: 'ADMIN', isGuest: false } });
    expect(body.actingFor).toEqual({ _id: DEMO_USERS.admin._id, firstname: 'Ada', lastname: 'Admin' });
    expect(body).not.toHaveProperty('passwordHash');
  });

  it('sign-out revokes the session, so the same token then gets 401', async () => {
    const token = await signIn('tutor@studyhall.test');
    expect((await api('/user/authUser', { headers: bearer(token) })).status).toBe(200);
    const out = await api('/auth/sign-out', { method: 'POST', headers: bearer(token) });
    expect(out.status).toBe(204);
    const after = await api('/user/authUser', { headers: bearer(token) });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ message: expect.any(String), errors: [] });
  });
});

describe('errors', () => {
  it('answers 401 invalid_grant for a wrong password and writes no session', async () => {
    const before = await sessionCount();
    const res = await tokenRequest({ grant_type: 'password', username: 'login:student@studyhall.test', password: 'wrong-password' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject(INCORRECT);
    expect(await sessionCount()).toBe(before);
  });

  it('answers the same 401 for an unknown email', async () => {
    const res = await tokenRequest({ grant_type: 'password', username: 'login:nobody@studyhall.test', password: 'studyhall-demo' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject(INCORRECT);
  });

  it('names username when it is missing', async () => {
    await expectFieldError(await tokenRequest({ grant_type: 'password', password: 'studyhall-demo' }), 'username');
  });

  it('names client_id when it is not the web client, and creates no guest', async () => {
    const guests = async () => (await db.select({ n: count() }).from(users).where(eq(users.role, 'GUEST')).get())?.n ?? 0;
    const before = await guests();
    await expectFieldError(await tokenRequest({ grant_type: 'client_credentials', client_id: 'evil-app' }), 'client_id');
    expect(await guests()).toBe(before);
  });

  it('names grant_type when it is unknown', async () => {
    await expectFieldError(await tokenRequest({ grant_type: 'authorization_code' }), 'grant_type');
  });

  it('sends guests to client_credentials, refuses token sign-ins without a valid credential, and usernames without a type', async () => {
    const guest = await expectFieldError(await tokenRequest({ grant_type: 'password', username: 'guest:abc', password: 'x' }), 'username');
    expect(guest.errors[0]?.message).toBe('a guest session uses grant_type client_credentials');
    for (const username of ['cookie:abc', 'tpToken:abc']) {
      const res = await tokenRequest({ grant_type: 'password', username, password: 'x' });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
    }
    await expectFieldError(await tokenRequest({ grant_type: 'password', username: 'student@studyhall.test', password: 'x' }), 'username');
  });

  it('treats a JSON body on the form endpoint as missing fields', async () => {
    const res = await api('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', client_id: 'studyhall-web' }),
    });
    expect(res.status).toBe(400);
  });

  it('answers 401 without a token, with a forged token, and after expiry of the session row', async () => {
    expect((await api('/user/authUser')).status).toBe(401);
    expect((await api('/user/authUser', { headers: bearer('not.a.token') })).status).toBe(401);
    const token = await signIn('student2@studyhall.test');
    const claims = await verifyAccessToken(env.TOKEN_SECRET, token);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions._id, claims!.sid));
    expect((await api('/user/authUser', { headers: bearer(token) })).status).toBe(401);
  });
});

describe('permissions', () => {
  it('a partner user cannot sign in on localhost, and a studyhall user cannot sign in on the partner host', async () => {
    const partnerOnHome = await tokenRequest({ grant_type: 'password', username: 'login:learner@partner.test', password: 'studyhall-demo' });
    expect(partnerOnHome.status).toBe(401);
    expect(await partnerOnHome.json()).toMatchObject(INCORRECT);
    const homeOnPartner = await tokenRequest({ grant_type: 'password', username: 'login:student@studyhall.test', password: 'studyhall-demo' }, PARTNER_HOST);
    expect(homeOnPartner.status).toBe(401);
    expect((await signInFull('learner@partner.test', PARTNER_HOST)).oauthUser._id).toBe(DEMO_USERS.partnerLearner._id);
  });

  it('a token issued on one tenant is refused on the other', async () => {
    const homeToken = await signIn('student@studyhall.test');
    expect((await api('/user/authUser', { headers: bearer(homeToken) }, PARTNER_HOST)).status).toBe(401);
    const partnerToken = await signIn('learner@partner.test', PARTNER_HOST);
    expect((await api('/user/authUser', { headers: bearer(partnerToken) })).status).toBe(401);
    expect((await api('/user/authUser', { headers: bearer(partnerToken) }, PARTNER_HOST)).status).toBe(200);
  });

  it('a parent may act for a linked student through x-user-id', async () => {
    const token = await signIn('parent@studyhall.test');
    const res = await api('/user/authUser', { headers: bearer(token, { 'x-user-id': DEMO_USERS.student2._id }) });
    expect(res.status).toBe(200);
    const body = await res.json<AuthUserResponse>();
    expect(body._id).toBe(DEMO_USERS.parent._id);
    expect(body.actingFor).toEqual({ _id: DEMO_USERS.student2._id, firstname: 'Maya', lastname: 'Student' });
  });

  it('a parent may not act for a student they do not manage', async () => {
    const token = await signIn('parent@studyhall.test');
    const res = await api('/user/authUser', { headers: bearer(token, { 'x-user-id': DEMO_USERS.tutor._id }) });
    expect(res.status).toBe(403);
  });

  it('a student may not act for another user, but naming themselves is fine', async () => {
    const token = await signIn('student@studyhall.test');
    const other = await api('/user/authUser', { headers: bearer(token, { 'x-user-id': DEMO_USERS.student2._id }) });
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ message: expect.stringContaining('x-user-id'), errors: [] });
    const self = await api('/user/authUser', { headers: bearer(token, { 'x-user-id': DEMO_USERS.student._id }) });
    expect(self.status).toBe(200);
  });
});
