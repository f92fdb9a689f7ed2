import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { sendEmail } from '../../platform/email/outbox';
import type { ListResponse } from '../../schema/contracts/common';
import type { OutboxMail } from '../../schema/contracts/mail';
import type { Env } from '../../worker/env';
import { api, expectFieldError, postJson } from '../helpers/auth';
import { callWith, mail } from '../helpers/mail';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

beforeAll(seedDemo);

describe('happy', () => {
  it("GET /dev/mailbox lists this tenant's outbox newest first, paged", async () => {
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
      attachments: [],
    });
    const next = await (await api(`/dev/mailbox?to=${encodeURIComponent(to)}&limit=2&offset=2`)).json<ListResponse<OutboxMail>>();
    expect(next.docs.map((d) => d.subject)).toEqual(['first']);
  });
});

describe('search', () => {
  it('takes search texts up to the limit, multi-byte ones too, and reads % and _ literally', async () => {
    const to = `long_${crypto.randomUUID().slice(0, 8)}@example.com`;
    const subject = `Your weekly report: ${'progress and practice '.repeat(4)}über 100% — “done”`;
    await sendEmail({ db, env: env as unknown as Env, tenantId: 'tenant_studyhall' }, { ...mail(to), subject });
    const search = (text: string) => api(`/dev/mailbox?searchText=${encodeURIComponent(text)}`);
    const found = async (text: string) => {
      const res = await search(text);
      expect(res.status, `search of ${new TextEncoder().encode(text).length} bytes`).toBe(200);
      return (await res.json<ListResponse<OutboxMail>>()).docs.map((d) => d.to);
    };
    expect(await found(subject.slice(0, 60))).toContain(to);
    expect(await found('über 100% — “done”')).toContain(to);
    expect(await found(to.toUpperCase())).toContain(to);
    expect(await found('long%')).not.toContain(to);
    expect(await found('x'.repeat(49))).toEqual([]);
    expect(await found('é'.repeat(100))).toEqual([]);
    expect(await found('%_'.repeat(50))).toEqual([]);
  });
});

describe('errors', () => {
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

  it("each tenant's mailbox shows only its own mail", async () => {
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
