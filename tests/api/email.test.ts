import { env } from 'cloudflare:workers';
import { desc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lateTutorMail } from '../../platform/email/late-tutor-mails';
import { sendEmail } from '../../platform/email/outbox';
import { resetPasswordMail } from '../../platform/email/templates';
import { emailOutbox } from '../../schema/tables';
import type { Env } from '../../worker/env';
import { callWith, mail } from '../helpers/mail';
import { db, seedDemo } from '../helpers/seed';

beforeAll(seedDemo);
afterEach(() => vi.restoreAllMocks());

const withProvider = (extra: Partial<Env> = {}): Env => ({
  ...(env as unknown as Env),
  EMAIL_API_KEY: 're_test_key',
  EMAIL_FROM: 'Studyhall <no-reply@studyhall.test>',
  ...extra,
});

const rowOf = (id: string) => db.select().from(emailOutbox).where(eq(emailOutbox._id, id)).get();

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
});

describe('errors', () => {
  it('escapes names and titles in the HTML of a mail, and leaves the plain text as typed', () => {
    const reset = resetPasswordMail({
      to: 'a@example.com',
      code: 'c0de',
      firstname: '<b>Al</b> & "Bo"',
      productName: "O'Hara",
      link: 'https://x.test/?a=1&b=2',
      minutes: 30,
    });
    expect(reset.html).toContain('Hi &lt;b&gt;Al&lt;/b&gt; &amp; &quot;Bo&quot;,');
    expect(reset.html).toContain('your O&#39;Hara account');
    expect(reset.html).toContain('href="https://x.test/?a=1&amp;b=2"');
    expect(reset.html).not.toContain('<b>');
    expect(reset.text).toContain('Hi <b>Al</b> & "Bo",');
    const late = lateTutorMail({
      to: 't@example.com',
      firstname: 'Tia',
      lessonTitle: '<script>x</script>',
      tutorName: 'Tia',
      waitingCount: 2,
      link: 'https://x.test',
    });
    expect(late.html).toContain('"&lt;script&gt;x&lt;/script&gt;"');
    expect(late.html).toContain('2 people are in the waiting room.');
  });

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
});
