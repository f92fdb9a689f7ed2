import { env } from 'cloudflare:workers';
import { count, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../schema/contracts/auth';
import { FORGOT_PASSWORD_MESSAGE, RESET_TOKEN_INVALID } from '../../schema/contracts/passwords';
import { emailOutbox, passwordResets, sessions, users } from '../../schema/tables';
import type { Env } from '../../worker/env';
import { verifyAccessToken } from '../../worker/lib/access-tokens';
import { requestPasswordReset } from '../../worker/lib/accounts/password-reset';
import { DUMMY_HASH, hashPassword, needsRehash, PBKDF2_ITERATIONS, verifyPassword } from '../../worker/lib/passwords';
import { sha256Hex } from '../../worker/lib/reset-tokens';
import { scopedDb } from '../../worker/lib/tenant-db';
import { api, bearer, type ErrorJson, expectFieldError, postJson, tokenRequest } from '../helpers/auth';
import { eventually } from '../helpers/docs';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

beforeAll(seedDemo);

/** Each test signs up its own person, so tests never share a password or a reset. */
async function newPerson(host = 'localhost') {
  const email = `pat.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = 'first-password';
  const res = await postJson('/sign-up', { firstname: 'Pat', lastname: 'Reset', email, password, role: 'STUDENT', timezone: 'Asia/Singapore' }, {}, host);
  expect(res.status).toBe(201);
  const answer = await res.json<TokenResponse>();
  return { email, password, id: answer.oauthUser._id, token: answer.access_token };
}

const login = (email: string, password: string, host = 'localhost') => tokenRequest({ grant_type: 'password', username: `login:${email}`, password }, host);

const me = (token: string, host = 'localhost') => api('/user/authUser', { headers: bearer(token) }, host);

/** The newest mail to the address (sent after the answer, so waited for), and the token of the reset link in it. */
async function resetLinkFor(email: string) {
  let mail: typeof emailOutbox.$inferSelect | undefined;
  await eventually(async () => {
    mail = await db.select().from(emailOutbox).where(eq(emailOutbox.to, email)).orderBy(desc(emailOutbox.createdAt)).get();
    expect(mail, `a mail to ${email}`).toBeDefined();
  });
  const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
  expect(mail!.text).toContain(`paste this code on the reset page: ${link.searchParams.get('token')}`);
  return { mail: mail!, link, token: link.searchParams.get('token')! };
}

const mailsTo = async (email: string) => (await db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.to, email)).get())?.n ?? 0;

describe('happy', () => {
  it('hashes with PBKDF2 at the platform maximum, a fresh salt each time, and verifies', async () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^pbkdf2-sha256\$v1\$100000\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(needsRehash(a)).toBe(false);
  });

  it("forgot-password mails a single-use link to the reset page and stores only the token's SHA-256, for 60 minutes", async () => {
    const person = await newPerson();
    const res = await postJson('/auth/forgot-password', { email: person.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });

    const { mail, link, token } = await resetLinkFor(person.email);
    expect(mail).toMatchObject({ status: 'LOCAL', provider: 'dev-mailbox', subject: 'Reset your Studyhall password', tenantId: 'tenant_studyhall' });
    expect(link.pathname).toBe('/learning-portal/reset-password');
    expect(link.searchParams.get('email')).toBe(person.email);
    expect(mail.html).toContain(link.search.replaceAll('&', '&amp;'));

    const reset = await db.select().from(passwordResets).where(eq(passwordResets.userId, person.id)).get();
    expect(reset?.tokenHash).toBe(await sha256Hex(token));
    expect(JSON.stringify(reset)).not.toContain(token);
    const minutes = (reset!.expiresAt.getTime() - reset!.createdAt.getTime()) / 60_000;
    expect(minutes).toBe(60);
  });

  it('reset-password sets the password, uses the token, ends every session and clears mustChangePassword', async () => {
    const person = await newPerson();
    const second = await (await login(person.email, person.password)).json<TokenResponse>();
    await db.update(users).set({ mustChangePassword: true }).where(eq(users._id, person.id));
    await postJson('/auth/forgot-password', { email: person.email });
    const { token } = await resetLinkFor(person.email);

    const res = await postJson('/auth/reset-password', { email: person.email, token, password: 'second-password' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: expect.stringContaining('reset') });

    expect((await me(person.token)).status).toBe(401);
    expect((await me(second.access_token)).status).toBe(401);
    expect((await login(person.email, person.password)).status).toBe(401);
    expect((await login(person.email, 'second-password')).status).toBe(200);
    expect((await db.select().from(users).where(eq(users._id, person.id)).get())?.mustChangePassword).toBe(false);
    expect((await db.select().from(passwordResets).where(eq(passwordResets.userId, person.id)).get())?.usedAt).toBeInstanceOf(Date);
  });

  it('change-password keeps this session, ends the others, and takes the new password', async () => {
    const person = await newPerson();
    const other = await (await login(person.email, person.password)).json<TokenResponse>();
    const res = await postJson(
      '/auth/change-password',
      { currentPassword: person.password, newPassword: 'changed-password' },
      { headers: bearer(person.token) },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Password changed. You have been signed out everywhere else.' });
    expect((await me(person.token)).status).toBe(200);
    expect((await me(other.access_token)).status).toBe(401);
    expect((await login(person.email, 'changed-password')).status).toBe(200);
    expect((await login(person.email, person.password)).status).toBe(401);
  });
});

describe('the same time for every address', () => {
  /** The lib call as the route makes it, with the work it leaves for after the answer kept aside. */
  async function resetAsked(email: string, address: string) {
    const later: Promise<unknown>[] = [];
    const mail = {
      env: env as unknown as Env,
      origin: 'http://localhost',
      productName: 'Studyhall',
      waitUntil: (work: Promise<unknown>) => void later.push(work),
    };
    const refused = await requestPasswordReset(scopedDb(db, 'tenant_studyhall'), { body: { email }, caller: { addressHash: address, place: null }, mail });
    return { refused, later };
  }

  it('answers before looking the address up: an account and no account leave the same work for after the answer', async () => {
    const person = await newPerson();
    const [user] = await db.select({ _id: users._id }).from(users).where(eq(users.email, person.email));
    const resetsOf = async () => (await db.select({ n: count() }).from(passwordResets).where(eq(passwordResets.userId, user!._id)).get())?.n ?? 0;

    const known = await resetAsked(person.email, 'a'.repeat(32));
    const unknown = await resetAsked(`nobody.${crypto.randomUUID().slice(0, 8)}@example.com`, 'b'.repeat(32));
    expect(known.refused).toBeNull();
    expect(unknown.refused).toBeNull();
    expect(known.later).toHaveLength(1);
    expect(unknown.later).toHaveLength(1);
    // Answered, and the account's code is not issued yet: the lookup and the mail come after the answer.
    expect(await resetsOf()).toBe(0);
    await Promise.all([...known.later, ...unknown.later]);
    expect(await resetsOf()).toBe(1);
    expect(await mailsTo(person.email)).toBe(1);
  });
});

describe('errors', () => {
  it('forgot-password answers an unknown address exactly like a known one, and sends nothing', async () => {
    const email = `nobody.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const res = await postJson('/auth/forgot-password', { email });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    expect(await mailsTo(email)).toBe(0);
  });

  it('forgot-password names email when it is not an address', async () => {
    await expectFieldError(await postJson('/auth/forgot-password', { email: 'nope' }), 'email');
    await expectFieldError(await postJson('/auth/forgot-password', {}), 'email');
  });

  it('sends at most 3 reset mails an hour per account, with the same answer', async () => {
    const person = await newPerson();
    for (let i = 0; i < 5; i++) {
      const res = await postJson('/auth/forgot-password', { email: person.email });
      expect(await res.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    }
    expect(await mailsTo(person.email)).toBe(3);
  });

  it('refuses a wrong, a used and an expired token with 400 naming token', async () => {
    const person = await newPerson();
    await postJson('/auth/forgot-password', { email: person.email });
    const { token } = await resetLinkFor(person.email);

    const wrong = await expectFieldError(
      await postJson('/auth/reset-password', { email: person.email, token: `${token}x`, password: 'new-password-1' }),
      'token',
    );
    expect(wrong.errors[0]?.message).toBe(RESET_TOKEN_INVALID);
    expect((await postJson('/auth/reset-password', { email: person.email, token, password: 'new-password-1' })).status).toBe(200);
    await expectFieldError(await postJson('/auth/reset-password', { email: person.email, token, password: 'new-password-2' }), 'token');
    expect((await login(person.email, 'new-password-1')).status).toBe(200);

    await postJson('/auth/forgot-password', { email: person.email });
    const expiring = await resetLinkFor(person.email);
    await db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, await sha256Hex(expiring.token)));
    await expectFieldError(await postJson('/auth/reset-password', { email: person.email, token: expiring.token, password: 'new-password-3' }), 'token');
    expect((await login(person.email, 'new-password-1')).status).toBe(200);
  });

  it('a short new password names password and leaves the token usable', async () => {
    const person = await newPerson();
    await postJson('/auth/forgot-password', { email: person.email });
    const { token } = await resetLinkFor(person.email);
    const body = await expectFieldError(await postJson('/auth/reset-password', { email: person.email, token, password: 'short' }), 'password');
    expect(body.errors[0]?.message).toBe('Use at least 8 characters');
    expect((await postJson('/auth/reset-password', { email: person.email, token, password: 'long-enough' })).status).toBe(200);
  });

  it('change-password names currentPassword when it is wrong and newPassword when it is the same, changing nothing', async () => {
    const person = await newPerson();
    const wrong = await postJson(
      '/auth/change-password',
      { currentPassword: 'not-it-at-all', newPassword: 'changed-password' },
      { headers: bearer(person.token) },
    );
    const refused = await expectFieldError(wrong, 'currentPassword');
    // One sentence for the toast, and the field's own words for under the field.
    expect(refused.message).toBe('Current password is not correct.');
    expect(refused.errors[0]?.message).toBe('is not correct');
    const same = await postJson('/auth/change-password', { currentPassword: person.password, newPassword: person.password }, { headers: bearer(person.token) });
    await expectFieldError(same, 'newPassword');
    expect((await login(person.email, person.password)).status).toBe(200);
  });
  it('change-password counts a wrong current password like a failed sign-in: the same throttle, the same warning', async () => {
    const person = await newPerson();
    const from = { 'cf-connecting-ip': `2001:db8::${crypto.randomUUID().slice(0, 4)}` };
    const warnings = async () =>
      (await db.select({ subject: emailOutbox.subject }).from(emailOutbox).where(eq(emailOutbox.to, person.email))).filter((m) =>
        /tried to sign in/.test(m.subject),
      ).length;
    for (let i = 0; i < 5; i++) {
      const wrong = await postJson(
        '/auth/change-password',
        { currentPassword: `wrong-${i}-password`, newPassword: 'changed-password' },
        { headers: bearer(person.token, from) },
      );
      expect(wrong.status).toBe(400);
    }
    expect(await warnings()).toBe(1);
    const refused = await postJson(
      '/auth/change-password',
      { currentPassword: person.password, newPassword: 'changed-password' },
      { headers: bearer(person.token, from) },
    );
    expect(refused.status).toBe(429);
    expect((await refused.json<ErrorJson>()).message).toMatch(/^Too many sign-in attempts\. Try again in /);
    const form = new URLSearchParams({ client_id: 'studyhall-web', grant_type: 'password', username: `login:${person.email}`, password: person.password });
    const signIn = await api('/oauth/token', { method: 'POST', body: form, headers: from });
    expect(signIn.status).toBe(429);
    expect((await login(person.email, person.password)).status).toBe(200);
  });

  it('never verifies a malformed hash, and names every missing reset field', async () => {
    expect(await verifyPassword('', DUMMY_HASH)).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$2b$10$abc')).toBe(false);
    const body = await (await postJson('/auth/reset-password', {})).json<ErrorJson>();
    expect(body.errors.map((e) => e.path).sort()).toEqual(['email', 'password', 'token']);
  });
});

describe('permissions', () => {
  it('a reset token works only for the account it was sent to, and only on its tenant', async () => {
    const owner = await newPerson();
    const other = await newPerson();
    await postJson('/auth/forgot-password', { email: owner.email });
    const { token } = await resetLinkFor(owner.email);
    await expectFieldError(await postJson('/auth/reset-password', { email: other.email, token, password: 'hijacked-pass' }), 'token');
    await expectFieldError(await postJson('/auth/reset-password', { email: owner.email, token, password: 'hijacked-pass' }, {}, PARTNER_HOST), 'token');
    expect((await login(other.email, other.password)).status).toBe(200);
    expect((await login(owner.email, owner.password)).status).toBe(200);
  });

  it("forgot-password on another tenant does not mail this tenant's account", async () => {
    const person = await newPerson();
    const res = await postJson('/auth/forgot-password', { email: person.email }, {}, PARTNER_HOST);
    expect(await res.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    expect(await mailsTo(person.email)).toBe(0);
  });

  it('change-password needs a signed-in person: 401 signed out, 403 for a guest', async () => {
    expect((await postJson('/auth/change-password', { currentPassword: 'x', newPassword: 'changed-password' })).status).toBe(401);
    const guest = await (await tokenRequest({ grant_type: 'client_credentials' })).json<TokenResponse>();
    const res = await postJson('/auth/change-password', { currentPassword: 'x', newPassword: 'changed-password' }, { headers: bearer(guest.access_token) });
    expect(res.status).toBe(403);
  });

  it("a parent acting for a student changes the parent's own password, not the student's", async () => {
    const parent = await (await login('parent@studyhall.test', 'studyhall-demo')).json<TokenResponse>();
    const studentId = parent.oauthUser.userMapper[0]!._id;
    const before = await db.select({ hash: users.passwordHash }).from(users).where(eq(users._id, studentId)).get();
    const res = await postJson(
      '/auth/change-password',
      { currentPassword: 'studyhall-demo', newPassword: 'parent-new-pass' },
      { headers: bearer(parent.access_token, { 'x-user-id': studentId }) },
    );
    expect(res.status).toBe(200);
    expect(await db.select({ hash: users.passwordHash }).from(users).where(eq(users._id, studentId)).get()).toEqual(before);
    expect((await login('parent@studyhall.test', 'parent-new-pass')).status).toBe(200);
    const claims = await verifyAccessToken(env.TOKEN_SECRET, parent.access_token);
    expect((await db.select().from(sessions).where(eq(sessions._id, claims!.sid)).get())?.revokedAt).toBeNull();
  });
});
