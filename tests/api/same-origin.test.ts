import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../schema/tables';
import { api, bearer, type ErrorJson, postJson, signIn } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

beforeAll(seedDemo);

const userCount = async () => (await db.select({ n: count() }).from(users).get())?.n ?? 0;

const signUpBody = () => ({
  firstname: 'Olive',
  lastname: 'Origin',
  email: `olive.${crypto.randomUUID().slice(0, 8)}@example.com`,
  password: 'origin-password',
  role: 'STUDENT',
  timezone: 'UTC',
});

describe('happy', () => {
  it('lets a JSON call from the same origin through', async () => {
    const res = await postJson('/sign-up', signUpBody(), { headers: { origin: 'http://localhost' } });
    expect(res.status).toBe(201);
  });

  it('lets the form-encoded token call, a body-less POST, and reads from anywhere through', async () => {
    const token = await signIn('student@studyhall.test');
    expect((await api('/auth/sign-out', { method: 'POST', headers: bearer(token) })).status).toBe(204);
    expect((await api('/tenant', { headers: { origin: 'https://evil.example' } })).status).toBe(200);
  });

  it('lets a multipart upload through to the route (which then judges the body)', async () => {
    const form = new FormData();
    form.set('email', 'student@studyhall.test');
    const res = await api('/auth/forgot-password', { method: 'POST', body: form, headers: { origin: 'http://localhost' } });
    expect(res.status).not.toBe(415);
    expect(res.status).not.toBe(403);
  });
});

describe('errors', () => {
  it.each([
    ['text/plain', 'a form a cross-site page could post'],
    ['application/x-www-form-urlencoded', 'a form outside the token endpoint'],
    ['application/xml', 'any other type'],
  ])('answers 415 for %s (%s), and writes nothing', async (type) => {
    const before = await userCount();
    const res = await api('/sign-up', { method: 'POST', headers: { 'content-type': type }, body: JSON.stringify(signUpBody()) });
    expect(res.status).toBe(415);
    const body = await res.json<ErrorJson>();
    expect(body).toEqual({ message: 'Send the body as application/json', errors: [{ path: 'content-type', message: 'must be application/json' }] });
    expect(await userCount()).toBe(before);
  });

  it('tells a signed-out caller of a route that needs a session to sign in (401) before judging the body’s type', async () => {
    for (const [method, path] of [
      ['PUT', '/user'],
      ['POST', '/sessions'],
      ['POST', '/auth/sign-out'],
    ]) {
      const res = await api(path!, { method, headers: { 'content-type': 'text/plain' }, body: '{}' });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    // Signed in, the type is judged as before.
    const token = await signIn('student@studyhall.test');
    expect((await api('/auth/sign-out', { method: 'POST', headers: { ...bearer(token), 'content-type': 'text/plain' }, body: '{}' })).status).toBe(415);
  });

  it('answers 415 for a body without a content type', async () => {
    const res = await api('/sign-up', { method: 'POST', body: new Blob([JSON.stringify(signUpBody())]) });
    expect(res.status).toBe(415);
  });
});

describe('permissions', () => {
  it.each(['https://evil.example', 'http://localhost:9999', 'http://partner.localhost', 'null'])(
    'refuses a state-changing call from origin %s with 403 and writes nothing',
    async (origin) => {
      const before = await userCount();
      const res = await postJson('/sign-up', signUpBody(), { headers: { origin } });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: 'Requests from other sites are not allowed', errors: [] });
      expect(await userCount()).toBe(before);
    },
  );

  it('refuses a cross-site token request, so a foreign page cannot use the session cookie', async () => {
    const res = await api('/oauth/token', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      body: new URLSearchParams({ client_id: 'studyhall-web', grant_type: 'password', username: 'cookie:user_student', password: 'cookie' }),
    });
    expect(res.status).toBe(403);
  });

  it("checks the origin against each tenant's own host", async () => {
    const body = signUpBody();
    expect((await postJson('/sign-up', body, { headers: { origin: 'http://localhost' } }, PARTNER_HOST)).status).toBe(403);
    expect((await postJson('/sign-up', body, { headers: { origin: 'http://partner.localhost' } }, PARTNER_HOST)).status).toBe(201);
  });
});
