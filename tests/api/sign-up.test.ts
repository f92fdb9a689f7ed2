import { env } from 'cloudflare:workers';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../schema/contracts/auth';
import { sessions, users } from '../../schema/tables';
import { verifyAccessToken } from '../../worker/lib/access-tokens';
import { api, bearer, type ErrorJson, expectFieldError, signUpBody as person, postJson, tokenRequest } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

beforeAll(seedDemo);

const userCount = async () => (await db.select({ n: count() }).from(users).get())?.n ?? 0;

describe('happy', () => {
  it("creates a student in the caller's tenant and signs them in at once", async () => {
    const body = person({ email: 'Nora.Case@Example.com', country: 'gb' });
    const res = await postJson('/sign-up', body);
    expect(res.status).toBe(201);
    const answer = await res.json<TokenResponse>();
    expect(answer).toMatchObject({
      token_type: 'Bearer',
      oauthUser: {
        firstname: 'Nora',
        lastname: 'Newton',
        email: 'nora.case@example.com',
        role: { name: 'STUDENT', isGuest: false },
        timezone: 'Europe/London',
      },
    });
    const row = await db.select().from(users).where(eq(users._id, answer.oauthUser._id)).get();
    expect(row).toMatchObject({ tenantId: 'tenant_studyhall', role: 'STUDENT', country: 'GB', onboarded: false });
    expect(row?.passwordHash).toMatch(/^pbkdf2-sha256\$/);
    expect(row?.passwordHash).not.toContain('a-long-password');
    expect((await api('/user/authUser', { headers: bearer(answer.access_token) })).status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/studyhall_session=/);

    const login = await tokenRequest({ grant_type: 'password', username: 'login:nora.case@example.com', password: 'a-long-password' });
    expect(login.status).toBe(200);
  });

  it('creates a parent', async () => {
    const res = await postJson('/sign-up', person({ role: 'PARENT' }));
    expect(res.status).toBe(201);
    expect((await res.json<TokenResponse>()).oauthUser).toMatchObject({ role: { name: 'PARENT', isGuest: false }, userMapper: [] });
  });

  it("turns the caller's guest into the new account and ends the guest session", async () => {
    const guest = await (await tokenRequest({ grant_type: 'client_credentials' })).json<TokenResponse>();
    const before = await userCount();
    const res = await postJson('/sign-up', person(), { headers: bearer(guest.access_token) });
    expect(res.status).toBe(201);
    const answer = await res.json<TokenResponse>();
    expect(answer.oauthUser._id).toBe(guest.oauthUser._id);
    expect(answer.oauthUser.role.name).toBe('STUDENT');
    expect(await userCount()).toBe(before);
    expect((await api('/user/authUser', { headers: bearer(guest.access_token) })).status).toBe(401);
  });
});

describe('errors', () => {
  it('answers 409 naming email when the address already has an account in this tenant, and writes nothing', async () => {
    const before = await userCount();
    const res = await postJson('/sign-up', person({ email: 'STUDENT@studyhall.test' }));
    expect(res.status).toBe(409);
    const body = await res.json<ErrorJson>();
    expect(body.errors).toEqual([{ path: 'email', message: expect.stringContaining('already exists') }]);
    expect(await userCount()).toBe(before);
  });

  it('lets only one of two simultaneous sign-ups with the same email through', async () => {
    const body = person();
    const results = await Promise.all([postJson('/sign-up', body), postJson('/sign-up', body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it.each([
    ['firstname', { firstname: '  ' }],
    ['lastname', { lastname: undefined }],
    ['email', { email: 'not-an-email' }],
    ['password', { password: 'short' }],
    ['role', { role: 'ADMIN' }],
    ['role', { role: 'TUTOR' }],
    ['timezone', { timezone: 'Mars/Olympus_Mons' }],
    ['country', { country: 'XX' }],
  ])('names %s when it is wrong, and creates nobody', async (path, override) => {
    const before = await userCount();
    const body = await expectFieldError(await postJson('/sign-up', person(override)), path);
    if (path === 'password') expect(body.errors[0]?.message).toBe('Use at least 8 characters');
    expect(await userCount()).toBe(before);
  });

  it('names body for malformed JSON', async () => {
    const res = await api('/sign-up', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"firstname":' });
    await expectFieldError(res, 'body');
  });
});

describe('permissions', () => {
  it('the same email may sign up on another tenant, and each account lives only in its own tenant', async () => {
    const email = `twin.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const home = await (await postJson('/sign-up', person({ email }))).json<TokenResponse>();
    const partnerRes = await postJson('/sign-up', person({ email }), {}, PARTNER_HOST);
    expect(partnerRes.status).toBe(201);
    const partner = await partnerRes.json<TokenResponse>();
    expect(partner.oauthUser._id).not.toBe(home.oauthUser._id);
    expect((await db.select().from(users).where(eq(users._id, partner.oauthUser._id)).get())?.tenantId).toBe('tenant_brightpath');
    expect((await api('/user/authUser', { headers: bearer(home.access_token) }, PARTNER_HOST)).status).toBe(401);
  });

  it("a signed-in person's token is not upgraded: sign-up creates a separate account", async () => {
    const student = await (
      await tokenRequest({ grant_type: 'password', username: 'login:student@studyhall.test', password: 'studyhall-demo' })
    ).json<TokenResponse>();
    const res = await postJson('/sign-up', person(), { headers: bearer(student.access_token) });
    expect(res.status).toBe(201);
    const answer = await res.json<TokenResponse>();
    expect(answer.oauthUser._id).not.toBe(student.oauthUser._id);
    const studentRow = await db.select().from(users).where(eq(users._id, student.oauthUser._id)).get();
    expect(studentRow?.email).toBe('student@studyhall.test');
    const claims = await verifyAccessToken(env.TOKEN_SECRET, student.access_token);
    expect((await db.select().from(sessions).where(eq(sessions._id, claims!.sid)).get())?.revokedAt).toBeNull();
  });

  it("another tenant's guest token is not upgraded", async () => {
    const partnerGuest = await (await tokenRequest({ grant_type: 'client_credentials' }, PARTNER_HOST)).json<TokenResponse>();
    const res = await postJson('/sign-up', person(), { headers: bearer(partnerGuest.access_token) });
    expect(res.status).toBe(201);
    expect((await res.json<TokenResponse>()).oauthUser._id).not.toBe(partnerGuest.oauthUser._id);
    const guestRow = await db.select().from(users).where(eq(users._id, partnerGuest.oauthUser._id)).get();
    expect(guestRow).toMatchObject({ role: 'GUEST', tenantId: 'tenant_brightpath', email: null });
  });
});
