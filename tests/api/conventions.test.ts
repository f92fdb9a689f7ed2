import { env } from 'cloudflare:workers';
import { asc, count, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, tenants, users } from '../../schema/tables';
import type { AppBindings } from '../../worker/env';
import { listQuery, paged, sortBy } from '../../worker/lib/pagination';
import { requireAuth } from '../../worker/middleware/auth';
import { notFound, onError } from '../../worker/middleware/errors';
import { requireRole } from '../../worker/middleware/permissions';
import { validate } from '../../worker/middleware/validate';
import { api, bearer, type ErrorJson, expectFieldError, signIn, tokenRequest } from '../helpers/auth';
import { db, seedDemo } from '../helpers/seed';

beforeAll(seedDemo);

/** A tiny app with the real error handler and validation hook, for behaviour no production route should provoke. */
function probeApp() {
  const app = new Hono<AppBindings>()
    .use(async (c, next) => {
      c.set('requestId', 'req-test-1');
      await next();
    })
    .get('/boom', () => {
      throw new Error('secret database detail');
    })
    .get('/list', validate('query', listQuery), (c) => {
      const query = c.req.valid('query');
      const order = sortBy(query, { name: users.firstname }, asc(users._id));
      return c.json({ ...paged([], 0, query), ordered: Boolean(order) });
    });
  app.onError(onError);
  app.notFound(notFound);
  return app;
}

describe('happy', () => {
  it('fills list defaults and echoes the page asked for', async () => {
    const res = await probeApp().request('/list');
    expect(await res.json()).toEqual({ docs: [], totalDocs: 0, limit: 20, offset: 0, ordered: true });
    const page = await probeApp().request('/list?limit=100&offset=40&sortKey=name&sortValue=-1&searchText=alg');
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ limit: 100, offset: 40 });
  });

  it('normalises sortValue and keeps it with its sortKey', () => {
    expect(listQuery.parse({ sortKey: 'name', sortValue: '-1' })).toMatchObject({ sortKey: 'name', sortValue: 'desc' });
    expect(listQuery.parse({ sortKey: 'name', sortValue: 'asc' }).sortValue).toBe('asc');
  });
});

describe('errors', () => {
  it('answers malformed JSON with 400 naming the body', async () => {
    const res = await api('/meta-tags/get', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"path": ' });
    expect(res.status).toBe(400);
    const body = await res.json<ErrorJson>();
    expect(body.errors).toEqual([{ path: 'body', message: expect.stringMatching(/json/i) }]);
  });

  it('answers a bad field with 400 naming it and writes nothing', async () => {
    const before = await db.select({ users: count() }).from(users).get();
    const sessionsBefore = await db.select({ n: count() }).from(sessions).get();
    await expectFieldError(await tokenRequest({ grant_type: 'client_credentials', client_id: '' }), 'client_id');
    await expectFieldError(await tokenRequest({ grant_type: 'password', username: 'login:student@studyhall.test' }), 'password');
    expect(await db.select({ users: count() }).from(users).get()).toEqual(before);
    expect(await db.select({ n: count() }).from(sessions).get()).toEqual(sessionsBefore);
  });

  it('answers an unknown route with 404 JSON', async () => {
    const res = await api('/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ message: expect.stringContaining('/api/no-such-thing'), errors: [] });
  });

  it('answers an unexpected error with 500 JSON carrying a request id and no stack, logging it server-side', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await probeApp().request('/boom');
    expect(log).toHaveBeenCalledWith('[req-test-1]', expect.any(Error));
    log.mockRestore();
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ message: expect.any(String), requestId: 'req-test-1' });
    expect(text).not.toContain('secret database detail');
    expect(text).not.toMatch(/at .*\.ts/);
  });

  it('refuses sortValue without sortKey, naming sortValue', async () => {
    await expectFieldError(await probeApp().request('/list?sortValue=desc'), 'sortValue');
  });

  it('refuses searchText over 100 characters, a page over 100 and a negative offset', async () => {
    await expectFieldError(await probeApp().request(`/list?searchText=${'a'.repeat(101)}`), 'searchText');
    await expectFieldError(await probeApp().request('/list?limit=101'), 'limit');
    await expectFieldError(await probeApp().request('/list?offset=-1'), 'offset');
  });

  it('refuses a sortKey the list does not allow, naming sortKey', async () => {
    await expectFieldError(await probeApp().request('/list?sortKey=passwordHash'), 'sortKey');
  });
});

describe('permissions', () => {
  it('requireRole lets listed roles through and answers 403 to the rest', async () => {
    const home = await db.select().from(tenants).where(eq(tenants.key, 'studyhall')).get();
    const roleApp = new Hono<AppBindings>()
      .use(async (c, next) => {
        c.set('db', db);
        c.set('tenant', home!);
        await next();
      })
      .get('/admin-only', requireAuth, requireRole('ADMIN'), (c) => c.json({ ok: true }));
    roleApp.onError(onError);
    const bindings = { TOKEN_SECRET: env.TOKEN_SECRET };
    const admin = await roleApp.request('/admin-only', { headers: bearer(await signIn('admin@studyhall.test')) }, bindings);
    expect(admin.status).toBe(200);
    const tutor = await roleApp.request('/admin-only', { headers: bearer(await signIn('tutor@studyhall.test')) }, bindings);
    expect(tutor.status).toBe(403);
  });
});
