import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { desc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListResponse } from '../../schema/contracts/common';
import type { OutboxMail } from '../../schema/contracts/mail';
import { emailOutbox } from '../../schema/tables';
import { app } from '../../worker/app';
import type { Env } from '../../worker/env';
import { sendEmail } from '../../platform/email/outbox';
import { api, expectFieldError, postJson } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

beforeAll(seedDemo);
afterEach(() => vi.restoreAllMocks());

const mail = (to = `mail.${crypto.randomUUID().slice(0, 8)}@example.com`) => ({ to, subject: 'Hello', text: 'Plain body', html: '<p>Body</p>' });

const withProvider = (extra: Partial<Env> = {}): Env => ({ ...(env as unknown as Env), EMAIL_API_KEY: 're_test_key', EMAIL_FROM: 'Studyhall <no-reply@studyhall.test>', ...extra });

const rowOf = (id: string) => db.select().from(emailOutbox).where(eq(emailOutbox._id, id)).get();

/** Calls the app with another configuration, letting background work (waitUntil) finish before returning. */
async function callWith(config: Env, path: string, init: RequestInit = {}, host = 'localhost') {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`http://${host}/api${path}`, init), config, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe('happy', () => {
  it('without a provider keeps the mail in the outbox as LOCAL for the dev mailbox, and calls nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const row = await sendEmail({ db, env: env as unknown as Env, tenantId: 'tenant_studyhall' }, mail());
    expect(row.status).toBe('LOCAL');
    expect(await rowOf(row._id)).toMatchObject({ status: 'LOCAL', provider: 'dev-mailbox', error: null, sentAt: null });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('with EMAIL_API_KEY and EMAIL_FROM posts the mail to the Resend-compatible API and records SENT', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ id: 'provider-id' }));
    const outgoing = mail();
    const row = await sendEmail({ db, env: withProvider(), tenantId: 'tenant_studyhall' }, outgoing);
    expect(row.status).toBe('SENT');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('https://api.resend.com/emails');
    expect(init?.method).toBe('POST');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer re_test_key');
    expect(headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({
      from: 'Studyhall <no-reply@studyhall.test>',
      to: [outgoing.to],
      subject: 'Hello',
      text: 'Plain body',
      html: '<p>Body</p>',
    });
    expect(await rowOf(row._id)).toMatchObject({ status: 'SENT', provider: 'http', error: null, sentAt: expect.any(Date) });
  });

  it('EMAIL_API_URL points the same calls at another compatible service', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ id: 'x' }));
    await sendEmail({ db, env: withProvider({ EMAIL_API_URL: 'https://mail.example.net/v1/' }), tenantId: 'tenant_studyhall' }, mail());
    expect(fetchSpy.mock.calls[0]![0]).toBe('https://mail.example.net/v1/emails');
  });

  it('forgot-password delivers its mail through the provider after answering', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ id: 'x' }));
    const res = await callWith(withProvider(), '/auth/forgot-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'student2@studyhall.test' }),
    });
    expect(res.status).toBe(200);
    const sent = JSON.parse(String(fetchSpy.mock.calls[0]![1]?.body));
    expect(sent).toMatchObject({ to: ['student2@studyhall.test'], subject: 'Reset your Studyhall password' });
    expect(sent.text).toMatch(/\/learning-portal\/reset-password\?email=student2%40studyhall\.test&token=/);
    const row = await db.select().from(emailOutbox).where(eq(emailOutbox.to, 'student2@studyhall.test')).orderBy(desc(emailOutbox.createdAt)).get();
    expect(row).toMatchObject({ status: 'SENT', provider: 'http' });
  });

  it('GET /dev/mailbox lists this tenant\'s outbox newest first, paged', async () => {
    const to = `box.${crypto.randomUUID().slice(0, 8)}@example.com`;
    for (const subject of ['first', 'second', 'third']) {
      await sendEmail({ db, env: env as unknown as Env, tenantId: 'tenant_studyhall' }, { ...mail(to), subject });
    }
    const res = await api(`/dev/mailbox?to=${encodeURIComponent(to)}&limit=2`);
    expect(res.status).toBe(200);
    const page = await res.json<ListResponse<OutboxMail>>();
    expect(page).toMatchObject({ totalDocs: 3, limit: 2, offset: 0 });
    expect(page.docs.map((d) => d.subject)).toEqual(['third', 'second']);
    expect(page.docs[0]).toEqual({
      _id: expect.any(String),
      to,
      subject: 'third',
      text: 'Plain body',
      html: '<p>Body</p>',
      status: 'LOCAL',
      provider: 'dev-mailbox',
      error: null,
      createdAt: expect.any(String),
      sentAt: null,
    });
    const next = await (await api(`/dev/mailbox?to=${encodeURIComponent(to)}&limit=2&offset=2`)).json<ListResponse<OutboxMail>>();
    expect(next.docs.map((d) => d.subject)).toEqual(['first']);
  });
});

describe('errors', () => {
  it('a provider refusal is recorded as FAILED with its reason, and does not throw', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"message":"domain not verified"}', { status: 422, statusText: 'Unprocessable Entity' }));
    const row = await sendEmail({ db, env: withProvider(), tenantId: 'tenant_studyhall' }, mail());
    expect(row.status).toBe('FAILED');
    const stored = await rowOf(row._id);
    expect(stored).toMatchObject({ status: 'FAILED', sentAt: null });
    expect(stored?.error).toContain('422');
    expect(stored?.error).toContain('domain not verified');
  });

  it('a network failure is recorded as FAILED, and forgot-password still answers the same', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Network connection lost'));
    const row = await sendEmail({ db, env: withProvider(), tenantId: 'tenant_studyhall' }, mail());
    expect((await rowOf(row._id))?.error).toBe('Network connection lost');
    const res = await callWith(withProvider(), '/auth/forgot-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'tutor@studyhall.test' }),
    });
    expect(res.status).toBe(200);
  });

  it('the dev mailbox names a bad paging field', async () => {
    await expectFieldError(await api('/dev/mailbox?limit=0'), 'limit');
    await expectFieldError(await api('/dev/mailbox?sortKey=html'), 'sortKey');
  });
});

describe('permissions', () => {
  it('the dev mailbox does not exist outside local and test', async () => {
    const res = await callWith({ ...(env as unknown as Env), APP_ENV: 'production' }, '/dev/mailbox');
    expect(res.status).toBe(404);
    expect((await callWith({ ...(env as unknown as Env), APP_ENV: 'local' }, '/dev/mailbox')).status).toBe(200);
  });

  it('each tenant\'s mailbox shows only its own mail', async () => {
    const to = `tenant.${crypto.randomUUID().slice(0, 8)}@example.com`;
    await sendEmail({ db, env: env as unknown as Env, tenantId: 'tenant_brightpath' }, mail(to));
    const home = await (await api(`/dev/mailbox?to=${encodeURIComponent(to)}`)).json<ListResponse<OutboxMail>>();
    expect(home.totalDocs).toBe(0);
    const partner = await (await api(`/dev/mailbox?to=${encodeURIComponent(to)}`, {}, PARTNER_HOST)).json<ListResponse<OutboxMail>>();
    expect(partner.totalDocs).toBe(1);
    const all = await (await api('/dev/mailbox?limit=100')).json<ListResponse<OutboxMail>>();
    expect(all.docs.every((d) => d.to !== to)).toBe(true);
    expect((await postJson('/dev/mailbox', {})).status).toBe(404);
  });
});
