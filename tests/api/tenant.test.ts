import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TenantResponse } from '../../schema/contracts/tenant';
import { tenants, users } from '../../schema/tables';
import type { AppBindings } from '../../worker/env';
import { tenantDb } from '../../worker/lib/tenant-db';
import { api } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

beforeAll(seedDemo);

describe('happy', () => {
  it('chooses the home tenant on localhost', async () => {
    const res = await api('/tenant');
    expect(res.status).toBe(200);
    expect(await res.json<TenantResponse>()).toEqual({
      _id: 'tenant_studyhall',
      key: 'studyhall',
      domain: 'localhost',
      name: 'Studyhall',
      theme: { primary: '#01B8AF', primaryDark: '#0CD6CD' },
      permissions: expect.any(Object),
      isPartner: false,
      // The workers test config sets a webhook secret and no Stripe key, as `npm start` does.
      payments: 'simulated',
      branding: expect.objectContaining({ colours: expect.objectContaining({ brandColour: '#01B8AF' }) }),
    });
  });

  it('chooses the partner tenant on partner.localhost, whatever the port', async () => {
    const res = await api('/tenant', {}, `${PARTNER_HOST}:8787`);
    const body = await res.json<TenantResponse>();
    expect(body).toMatchObject({ _id: 'tenant_brightpath', key: 'brightpath', name: 'BrightPath Tutors', isPartner: true });
    expect(body.theme.primary).not.toBe('#01B8AF');
  });

  it('tenantDb scopes reads and stamps writes with the request tenant', async () => {
    const partner = await db.select().from(tenants).where(eq(tenants.key, 'brightpath')).get();
    const app = new Hono<AppBindings>().get('/', async (c) => {
      c.set('db', db);
      c.set('tenant', partner!);
      const tdb = tenantDb(c);
      const emails = await tdb.db.select({ email: users.email }).from(users).where(tdb.where(users)).all();
      const row = tdb.values(users, { role: 'GUEST' });
      return c.json({ emails: emails.map((e) => e.email), stamped: row.tenantId });
    });
    const body = await (await app.request('/')).json<{ emails: string[]; stamped: string }>();
    expect(body.emails.sort()).toEqual(['admin@partner.test', 'learner@partner.test', 'tutor@partner.test']);
    expect(body.stamped).toBe('tenant_brightpath');
  });
});

describe('errors', () => {
  it('answers 404 JSON for a host with no tenant', async () => {
    const res = await api('/tenant', {}, 'unknown.example');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: expect.stringContaining('unknown.example'), errors: [] });
  });
});
