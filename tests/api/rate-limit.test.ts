import { eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, signInAttempts } from '../../schema/tables';
import { api, postJson, signIn } from '../helpers/auth';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

beforeAll(seedDemo);

/** Every test signs in from its own address, so the per-address counter of one test never touches another's. */
const newAddress = () => `2001:db8::${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}, 10.0.0.1`;

function attempt(email: string, password: string, address: string, host = 'localhost') {
  return api(
    '/oauth/token',
    {
      method: 'POST',
      headers: { 'x-forwarded-for': address },
      body: new URLSearchParams({ client_id: 'studyhall-web', grant_type: 'password', username: `login:${email}`, password }),
    },
    host,
  );
}

/** Moves every window of the matching keys 16 minutes into the past, as if the time had passed. */
async function passWindow(keyPattern: string) {
  await db
    .update(signInAttempts)
    .set({ windowStart: sql`${signInAttempts.windowStart} - ${16 * 60 * 1000}` })
    .where(like(signInAttempts.key, keyPattern));
}

async function signUp(email: string) {
  const res = await postJson('/sign-up', { firstname: 'Lim', lastname: 'Iter', email, password: 'right-password', role: 'STUDENT', timezone: 'UTC' });
  expect(res.status).toBe(201);
}

describe('happy', () => {
  it('a right password after a few mistakes signs in and clears the account\'s count', async () => {
    const email = `few.${crypto.randomUUID().slice(0, 8)}@example.com`;
    await signUp(email);
    const address = newAddress();
    for (let i = 0; i < 4; i++) expect((await attempt(email, 'wrong-password', address)).status).toBe(401);
    expect((await attempt(email, 'right-password', address)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt(email, 'wrong-password', address)).status).toBe(401);
    expect((await attempt(email, 'right-password', address)).status).toBe(429);
  });
});

describe('errors', () => {
  it('a burst of 100 wrong passwords at once: 5 are checked, 95 refused; then the right one is refused too until the window passes', async () => {
    const email = `burst.${crypto.randomUUID().slice(0, 8)}@example.com`;
    await signUp(email);
    const address = newAddress();
    const results = await Promise.all(Array.from({ length: 100 }, () => attempt(email, 'wrong-password', address)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(95);

    const refused = results.find((r) => r.status === 429)!;
    const body = await refused.json<{ message: string; retryAfter: number }>();
    expect(body.message).toBe('Too many sign-in attempts. Try again in 15 minutes.');
    expect(body.retryAfter).toBeGreaterThan(0);
    expect(body.retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(refused.headers.get('retry-after')).toBe(String(body.retryAfter));

    const right = await attempt(email, 'right-password', newAddress());
    expect(right.status).toBe(429);
    expect(await right.json()).toMatchObject({ message: expect.stringMatching(/^Too many sign-in attempts\. Try again in \d+ minutes?\.$/) });

    await passWindow(`account:%:${email}`);
    expect((await attempt(email, 'right-password', newAddress())).status).toBe(200);
  });

  it('one address trying many accounts is refused after 20 failures, whatever the accounts', async () => {
    const address = newAddress();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt(`spray${i}.${crypto.randomUUID().slice(0, 6)}@example.com`, 'guess', address)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect((await attempt('student@studyhall.test', 'studyhall-demo', address)).status).toBe(429);
    expect((await attempt('student@studyhall.test', 'studyhall-demo', newAddress())).status).toBe(200);
  });

  it('a password reset ends the account\'s lock', async () => {
    const email = `locked.${crypto.randomUUID().slice(0, 8)}@example.com`;
    await signUp(email);
    const address = newAddress();
    for (let i = 0; i < 6; i++) await attempt(email, 'wrong-password', address);
    expect((await attempt(email, 'right-password', newAddress())).status).toBe(429);
    await postJson('/auth/forgot-password', { email });
    const mail = await db.select().from(emailOutbox).where(eq(emailOutbox.to, email)).get();
    const token = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]).searchParams.get('token')!;
    expect((await postJson('/auth/reset-password', { email, token, password: 'brand-new-pass' })).status).toBe(200);
    expect((await attempt(email, 'brand-new-pass', newAddress())).status).toBe(200);
  });
});

describe('permissions', () => {
  it('a locked account on one tenant leaves the same email on another tenant and other accounts alone', async () => {
    const address = newAddress();
    await Promise.all(Array.from({ length: 8 }, () => attempt('learner@partner.test', 'wrong-password', address, PARTNER_HOST)));
    expect((await attempt('learner@partner.test', 'studyhall-demo', newAddress(), PARTNER_HOST)).status).toBe(429);
    expect((await attempt('learner@partner.test', 'studyhall-demo', newAddress())).status).toBe(401);
    expect(await signIn('tutor@studyhall.test')).toEqual(expect.any(String));
  });

  it('counts per account case-insensitively, so changing the case does not reset the count', async () => {
    const address = newAddress();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => attempt(i % 2 ? 'STUDENT2@studyhall.test' : 'student2@StudyHall.test', 'wrong', address)),
    );
    expect(results.filter((r) => r.status === 401)).toHaveLength(5);
  });
});
