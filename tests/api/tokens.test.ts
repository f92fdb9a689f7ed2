import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { sign } from 'hono/jwt';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IdTokenResponse, TokenResponse } from '../../schema/contracts/auth';
import { DEMO_USERS } from '../../schema/seed';
import { sessions } from '../../schema/tables';
import { signAccessToken, verifyAccessToken } from '../../worker/lib/access-tokens';
import { api, bearer, signIn, signInFull, tokenRequest } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

beforeAll(seedDemo);

const me = (token: string, host = 'localhost') => api('/user/authUser', { headers: bearer(token) }, host);

const b64url = (value: unknown) => btoa(JSON.stringify(value)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');

/** A session cookie as the browser would send it back, taken from a sign-in's Set-Cookie. */
function sessionCookie(res: Response) {
  const header = res.headers.get('set-cookie') ?? '';
  const match = /studyhall_session=([^;]+)/.exec(header);
  expect(match, 'the answer sets the session cookie').not.toBeNull();
  return `studyhall_session=${match![1]}`;
}

async function loginResponse(email: string, host = 'localhost') {
  const res = await tokenRequest({ grant_type: 'password', username: `login:${email}`, password: 'studyhall-demo' }, host);
  expect(res.status).toBe(200);
  return res;
}

const cookieGrant = (userId: string, cookie: string | null, host = 'localhost') =>
  api(
    '/oauth/token',
    {
      method: 'POST',
      headers: cookie ? { cookie } : {},
      body: new URLSearchParams({ client_id: 'studyhall-web', grant_type: 'password', username: `cookie:${userId}`, password: 'cookie' }),
    },
    host,
  );

const tpTokenGrant = (userId: string, idToken: string, host = 'localhost') =>
  tokenRequest({ grant_type: 'password', username: `tpToken:${userId}`, password: idToken }, host);

async function idTokenFor(email: string, host = 'localhost') {
  const res = await api('/auth/id-token', { method: 'POST', headers: bearer(await signIn(email, host)) }, host);
  expect(res.status).toBe(200);
  return res.json<IdTokenResponse>();
}

describe('happy', () => {
  it('login: answers a token whose session is live, and sets an HttpOnly, SameSite=Strict session cookie on /api', async () => {
    const res = await loginResponse('student@studyhall.test');
    const body = await res.json<TokenResponse>();
    expect((await me(body.access_token)).status).toBe(200);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/studyhall_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api/);
  });

  it('guest: client_credentials opens a guest session and sets no cookie', async () => {
    const res = await tokenRequest({ grant_type: 'client_credentials' });
    expect(res.status).toBe(200);
    const body = await res.json<TokenResponse>();
    expect(body.oauthUser.role).toEqual({ name: 'GUEST', isGuest: true });
    expect(res.headers.get('set-cookie')).toBeNull();
    expect((await me(body.access_token)).status).toBe(200);
  });

  it('cookie: the browser that signed in gets a fresh token for the same user from its cookie', async () => {
    const cookie = sessionCookie(await loginResponse('tutor@studyhall.test'));
    const res = await cookieGrant(DEMO_USERS.tutor._id, cookie);
    expect(res.status).toBe(200);
    const body = await res.json<TokenResponse>();
    expect(body.oauthUser._id).toBe(DEMO_USERS.tutor._id);
    const claims = await verifyAccessToken(env.TOKEN_SECRET, body.access_token);
    expect((await db.select().from(sessions).where(eq(sessions._id, claims!.sid)).get())?.authType).toBe('cookie');
    expect((await me(body.access_token)).status).toBe(200);
  });

  it('tpToken: a hand-off id token signs the same user in once', async () => {
    const handOff = await idTokenFor('student2@studyhall.test');
    expect(handOff).toEqual({ id_token: expect.any(String), user_id: DEMO_USERS.student2._id, expires_in: 300 });
    const res = await tpTokenGrant(handOff.user_id, handOff.id_token);
    expect(res.status).toBe(200);
    const body = await res.json<TokenResponse>();
    expect(body.oauthUser).toMatchObject({ _id: DEMO_USERS.student2._id, firstname: 'Maya' });
    expect((await me(body.access_token)).status).toBe(200);
  });
});

describe('errors', () => {
  it('refuses an expired access token', async () => {
    const { access_token } = await signInFull('student@studyhall.test');
    const claims = (await verifyAccessToken(env.TOKEN_SECRET, access_token))!;
    const { token: expired } = await signAccessToken(env.TOKEN_SECRET, claims, Date.now() - 2 * 60 * 60 * 1000);
    expect((await me(expired)).status).toBe(401);
  });

  it('refuses a tampered access token (payload changed, signature kept)', async () => {
    const token = await signIn('student@studyhall.test');
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(atob(payload!.replaceAll('-', '+').replaceAll('_', '/')));
    const tampered = `${header}.${b64url({ ...claims, role: 'ADMIN', sub: DEMO_USERS.admin._id })}.${signature}`;
    expect((await me(tampered)).status).toBe(401);
  });

  it('refuses an `alg: none` token and one signed with another key', async () => {
    const token = await signIn('student@studyhall.test');
    const claims = (await verifyAccessToken(env.TOKEN_SECRET, token))!;
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ ...claims, iat: now, exp: now + 3600 })}.`;
    expect((await me(unsigned)).status).toBe(401);
    const foreign = await sign({ ...claims, iat: now, exp: now + 3600 }, 'some-other-secret', 'HS256');
    expect((await me(foreign)).status).toBe(401);
  });

  it('cookie: refused without a cookie, for another user id, with a forged cookie, and after sign-out', async () => {
    const res = await loginResponse('student@studyhall.test');
    const cookie = sessionCookie(res);
    const token = (await res.json<TokenResponse>()).access_token;
    expect((await cookieGrant(DEMO_USERS.student._id, null)).status).toBe(401);
    expect((await cookieGrant(DEMO_USERS.admin._id, cookie)).status).toBe(401);
    expect((await cookieGrant(DEMO_USERS.student._id, `${cookie}x`)).status).toBe(401);

    const out = await api('/auth/sign-out', { method: 'POST', headers: bearer(token) });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/studyhall_session=;.*Max-Age=0/i);
    const after = await cookieGrant(DEMO_USERS.student._id, cookie);
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ error: 'invalid_grant', message: 'Your session has expired. Please sign in again.' });
  });

  it('tpToken: refused a second time, for another user id, when expired, and when tampered', async () => {
    const handOff = await idTokenFor('student@studyhall.test');
    expect((await tpTokenGrant(DEMO_USERS.admin._id, handOff.id_token)).status).toBe(401);
    expect((await tpTokenGrant(handOff.user_id, handOff.id_token)).status).toBe(200);
    const again = await tpTokenGrant(handOff.user_id, handOff.id_token);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ message: 'This sign-in link is invalid or has expired. Please sign in again.' });

    const fresh = await idTokenFor('student@studyhall.test');
    const [header, payload, signature] = fresh.id_token.split('.');
    const claims = JSON.parse(atob(payload!.replaceAll('-', '+').replaceAll('_', '/')));
    const past = Math.floor(Date.now() / 1000) - 600;
    const expired = await sign({ ...claims, iat: past, exp: past + 300 }, `${env.TOKEN_SECRET}:id-token`, 'HS256');
    expect((await tpTokenGrant(fresh.user_id, expired)).status).toBe(401);
    const tampered = `${header}.${b64url({ ...claims, sub: DEMO_USERS.admin._id })}.${signature}`;
    expect((await tpTokenGrant(DEMO_USERS.admin._id, tampered)).status).toBe(401);
    expect((await tpTokenGrant(fresh.user_id, fresh.id_token)).status).toBe(200);
  });

  it('keeps the kinds of token apart: an id token is no access token, and an access token is no id token', async () => {
    const handOff = await idTokenFor('tutor@studyhall.test');
    expect((await me(handOff.id_token)).status).toBe(401);
    const access = await signIn('tutor@studyhall.test');
    expect((await tpTokenGrant(DEMO_USERS.tutor._id, access)).status).toBe(401);
  });
});

describe('permissions', () => {
  it("refuses another tenant's access token, cookie and id token", async () => {
    const partnerToken = await signIn('learner@partner.test', PARTNER_HOST);
    expect((await me(partnerToken)).status).toBe(401);
    const partnerCookie = sessionCookie(await loginResponse('learner@partner.test', PARTNER_HOST));
    expect((await cookieGrant(DEMO_USERS.partnerLearner._id, partnerCookie)).status).toBe(401);
    const handOff = await idTokenFor('learner@partner.test', PARTNER_HOST);
    expect((await tpTokenGrant(handOff.user_id, handOff.id_token)).status).toBe(401);
    expect((await tpTokenGrant(handOff.user_id, handOff.id_token, PARTNER_HOST)).status).toBe(200);
  });

  it('only a signed-in person may ask for an id token: not a guest, not a signed-out caller', async () => {
    expect((await api('/auth/id-token', { method: 'POST' })).status).toBe(401);
    const guest = await (await tokenRequest({ grant_type: 'client_credentials' })).json<TokenResponse>();
    expect((await api('/auth/id-token', { method: 'POST', headers: bearer(guest.access_token) })).status).toBe(403);
  });
});
