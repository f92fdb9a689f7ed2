import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../schema/contracts/common';
import type { OutboxMail } from '../../schema/contracts/mail';
import { signInAttempts } from '../../schema/tables';
import { api, postJson, signIn } from '../helpers/auth';
import { eventually } from '../helpers/docs';
import { db, PARTNER_HOST, seedDemo } from '../helpers/seed';

beforeAll(seedDemo);

/** Every test calls from its own addresses, so one test's counts never touch another's. */
const newAddress = () => `2001:db8::${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}`;
const newEmail = (label: string) => `${label}.${crypto.randomUUID().slice(0, 8)}@example.com`;

function attempt(email: string, password: string, address: string, host = 'localhost', headers: Record<string, string> = {}) {
  return api(
    '/oauth/token',
    {
      method: 'POST',
      cf: { city: 'Singapore', country: 'SG' },
      headers: { 'cf-connecting-ip': address, ...headers },
      body: new URLSearchParams({ client_id: 'studyhall-web', grant_type: 'password', username: `login:${email}`, password }),
    },
    host,
  );
}

/** Lifts every block on keys that mention `text` (an e-mail), as if the wait had passed; counts stay. */
async function passBlocks(text: string) {
  await db
    .update(signInAttempts)
    .set({ blockedUntil: new Date(0) })
    .where(sql`instr(${signInAttempts.key}, ${text}) > 0`);
}

/** Moves every window of keys that mention `text` an hour and a minute into the past and lifts their blocks. */
async function passWindows(text: string) {
  await db
    .update(signInAttempts)
    .set({ windowStart: sql`${signInAttempts.windowStart} - ${61 * 60 * 1000}`, blockedUntil: new Date(0) })
    .where(sql`instr(${signInAttempts.key}, ${text}) > 0`);
}

async function signUp(email: string) {
  const res = await postJson(
    '/sign-up',
    { firstname: 'Lim', lastname: 'Iter', email, password: 'right-password', role: 'STUDENT', timezone: 'UTC' },
    { headers: { 'cf-connecting-ip': newAddress() } },
  );
  expect(res.status).toBe(201);
}

async function mailbox(to: string) {
  const res = await api(`/dev/mailbox?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return (await res.json<ListResponse<OutboxMail>>()).docs;
}

const warnings = async (to: string) => (await mailbox(to)).filter((mail) => mail.subject === 'Someone tried to sign in to your account');

async function expectRefused(res: Response, message: RegExp) {
  expect(res.status).toBe(429);
  const body = await res.json<{ message: string; retryAfter: number }>();
  expect(body.message).toMatch(message);
  expect(res.headers.get('retry-after')).toBe(String(body.retryAfter));
  return body.retryAfter;
}

describe('happy', () => {
  it('a right password after a few mistakes signs in and clears the count; five mistakes make the next try wait 15 seconds', async () => {
    const email = newEmail('few');
    await signUp(email);
    const address = newAddress();
    for (let i = 0; i < 4; i++) expect((await attempt(email, 'wrong-password', address)).status).toBe(401);
    expect((await attempt(email, 'right-password', address)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt(email, 'wrong-password', address)).status).toBe(401);
    const wait = await expectRefused(await attempt(email, 'right-password', address), /^Too many sign-in attempts\. Try again in 1[45] seconds\.$/);
    expect(wait).toBeLessThanOrEqual(15);
  });

  it('six wrong passwords from one address leave the owner signing in from another, and the owner is warned by e-mail once', async () => {
    const email = newEmail('owner');
    await signUp(email);
    const stranger = newAddress();
    for (let i = 0; i < 6; i++) await attempt(email, 'wrong-password', stranger);
    expect((await attempt(email, 'right-password', newAddress())).status).toBe(200);

    const [warning, ...more] = await warnings(email);
    expect(more).toEqual([]);
    expect(warning!.text).toContain('Someone tried to sign in to your Studyhall account with wrong passwords several times, last at ');
    expect(warning!.text).toContain(' from near Singapore, SG.');
    expect(warning!.text).toMatch(/ 20\d\d,? (at )?\d\d:\d\d UTC/);
    expect(warning!.text).toContain(`http://localhost/learning-portal/forgot-password?${new URLSearchParams({ email })}`);
    expect(warning!.html).toContain('reset your password</a>');
  });

  it('an address the owner has signed in from keeps working while a stranger behind it sprays other accounts', async () => {
    const email = newEmail('school');
    await signUp(email);
    const school = newAddress();
    expect((await attempt(email, 'right-password', school)).status).toBe(200);

    const spray = await Promise.all(Array.from({ length: 30 }, (_, i) => attempt(newEmail(`spray${i}`), 'guess', school)));
    expect(spray.filter((r) => r.status === 429)).toHaveLength(10);
    for (let i = 0; i < 8; i++) await attempt(email, 'wrong-password', newAddress());

    expect((await attempt(email, 'right-password', school)).status).toBe(200);
    expect((await attempt('student2@studyhall.test', 'studyhall-demo', school)).status).toBe(429);
  });
});

describe('errors', () => {
  it('a burst of 100 wrong passwords at once: 5 are checked, 95 refused; the right one waits there and works elsewhere', async () => {
    const email = newEmail('burst');
    await signUp(email);
    const address = newAddress();
    const results = await Promise.all(Array.from({ length: 100 }, () => attempt(email, 'wrong-password', address)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(95);
    await expectRefused(results.find((r) => r.status === 429)!, /^Too many sign-in attempts\. Try again in \d+ seconds\.$/);

    await expectRefused(await attempt(email, 'right-password', address), /^Too many sign-in attempts/);
    expect((await attempt(email, 'right-password', newAddress())).status).toBe(200);
    expect(await warnings(email)).toHaveLength(1);
  });

  it('forty wrong passwords from one address against many accounts are refused with Retry-After before the fortieth', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await attempt(newEmail(`forty${i}`), 'guess', address);
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.indexOf(429)).toBe(20);
    expect((await attempt('student@studyhall.test', 'studyhall-demo', newAddress())).status).toBe(200);
  });

  it('each wait doubles, from 15 seconds to 4 minutes, and the tenth wrong password refuses the pair until its hour ends', async () => {
    const email = newEmail('grow');
    await signUp(email);
    const address = newAddress();
    for (let i = 0; i < 5; i++) await attempt(email, 'wrong-password', address);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      waits.push(await expectRefused(await attempt(email, 'wrong-password', address), /^Too many sign-in attempts/));
      await passBlocks(email);
      expect((await attempt(email, 'wrong-password', address)).status).toBe(401);
    }
    const last = await expectRefused(await attempt(email, 'right-password', address), /^Too many sign-in attempts\. Try again in \d+ minutes\.$/);
    expect(waits.slice(0, 5).map((w) => Math.round(w / 15) * 15)).toEqual([15, 30, 60, 120, 240]);
    expect(waits[5]).toBeGreaterThanOrEqual(15 * 60 - 5);
    expect(last).toBeGreaterThanOrEqual(15 * 60 - 5);

    await passWindows(email);
    expect((await attempt(email, 'right-password', address)).status).toBe(200);
  });

  it('warns once per burst: another mail only after the hour of the first burst has passed', async () => {
    const email = newEmail('bursts');
    await signUp(email);
    for (let i = 0; i < 12; i++) await attempt(email, 'wrong-password', newAddress());
    expect(await warnings(email)).toHaveLength(1);
    await passWindows(email);
    for (let i = 0; i < 5; i++) await attempt(email, 'wrong-password', newAddress());
    expect(await warnings(email)).toHaveLength(2);
  });

  it('a wrong password for an e-mail with no account warns nobody', async () => {
    const email = newEmail('nobody');
    for (let i = 0; i < 6; i++) expect((await attempt(email, 'guess', newAddress())).status).toBe(401);
    expect(await mailbox(email)).toEqual([]);
  });

  it('a password reset ends the refusals on the account', async () => {
    const email = newEmail('locked');
    await signUp(email);
    const address = newAddress();
    for (let i = 0; i < 6; i++) await attempt(email, 'wrong-password', address);
    expect((await attempt(email, 'right-password', address)).status).toBe(429);
    await postJson('/auth/forgot-password', { email }, { headers: { 'cf-connecting-ip': newAddress() } });
    // The reset mail is sent after the answer.
    let mail: Awaited<ReturnType<typeof mailbox>>[number] | undefined;
    await eventually(async () => {
      mail = (await mailbox(email)).find((m) => m.subject.startsWith('Reset'));
      expect(mail).toBeDefined();
    });
    const token = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]).searchParams.get('token')!;
    expect((await postJson('/auth/reset-password', { email, token, password: 'brand-new-pass' })).status).toBe(200);
    expect((await attempt(email, 'brand-new-pass', address)).status).toBe(200);
  });

  it('x-forwarded-for is not trusted: changing it does not make a new caller', async () => {
    const email = newEmail('forged');
    await signUp(email);
    const address = newAddress();
    const results = [];
    for (let i = 0; i < 6; i++) results.push((await attempt(email, 'wrong-password', address, 'localhost', { 'x-forwarded-for': newAddress() })).status);
    expect(results).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('forgot-password: 20 requests an hour per address, then a wait; at most 3 mails per account from one address', async () => {
    const email = newEmail('forgot');
    await signUp(email);
    const address = newAddress();
    const results = await Promise.all(
      Array.from({ length: 25 }, () => postJson('/auth/forgot-password', { email }, { headers: { 'cf-connecting-ip': address } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    await expectRefused(results.find((r) => r.status === 429)!, /^Too many password reset requests\. Try again in \d+ seconds\.$/);
    const resets = async () => (await mailbox(email)).filter((m) => m.subject.startsWith('Reset'));
    await eventually(async () => expect(await resets()).toHaveLength(3));

    expect((await postJson('/auth/forgot-password', { email }, { headers: { 'cf-connecting-ip': newAddress() } })).status).toBe(200);
    await eventually(async () => expect(await resets()).toHaveLength(4));
  });

  it('sign-up: 20 an hour per address, then a wait', async () => {
    const address = newAddress();
    const person = (i: number) => ({
      firstname: 'Many',
      lastname: `N${i}`,
      email: newEmail(`many${i}`),
      password: 'right-password',
      role: 'STUDENT',
      timezone: 'UTC',
    });
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => postJson('/sign-up', person(i), { headers: { 'cf-connecting-ip': address } })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(20);
    await expectRefused(results.find((r) => r.status === 429)!, /^Too many sign-ups\. Try again in \d+ seconds\.$/);
    expect((await postJson('/sign-up', person(99), { headers: { 'cf-connecting-ip': newAddress() } })).status).toBe(201);
  });
});

describe('guesses spread over many addresses', () => {
  it('240 wrong passwords from 60 addresses, 4 each, are slowed with 429 and Retry-After; the owner’s known address is never refused', async () => {
    const email = newEmail('spread');
    await signUp(email);
    const home = newAddress();
    expect((await attempt(email, 'right-password', home)).status).toBe(200);

    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 60; i++) {
      const address = newAddress();
      for (let j = 0; j < 4; j++) {
        const res = await attempt(email, `guess-${i}-${j}`, address);
        statuses.push(res.status);
        if (res.status === 429) refused ??= res;
        else await res.body?.cancel();
      }
    }
    // Ten free guesses; the tenth starts a wait of 2 s, each guess after a wait doubles it; the rest arrive slowed.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(14);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(226);
    await expectRefused(refused!, /^Too many sign-in attempts\. Try again in \d+ seconds\.$/);

    // The owner, at home, is never slowed by it: a typo is the usual 401, the right password signs in.
    expect((await attempt(email, 'typo', home)).status).toBe(401);
    expect((await attempt(email, 'right-password', home)).status).toBe(200);
    // A new device waits like the guessers until the delay passes, then signs in, which gives its attempt back.
    expect((await attempt(email, 'right-password', newAddress())).status).toBe(429);
    await passBlocks(email);
    expect((await attempt(email, 'right-password', newAddress())).status).toBe(200);
  });

  it('the delays grow with each guess after the free ones, and a password reset ends them', async () => {
    const email = newEmail('grow');
    await signUp(email);
    const waits: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await attempt(email, 'wrong-password', newAddress());
      if (res.status === 429) waits.push(Number(res.headers.get('retry-after')));
      await res.body?.cancel();
      await passBlocks(email);
    }
    expect(waits).toEqual([]);
    const slowed: number[] = [];
    for (let i = 0; i < 3; i++) {
      await attempt(email, 'wrong-password', newAddress());
      const res = await attempt(email, 'wrong-password', newAddress());
      expect(res.status).toBe(429);
      slowed.push(Number(res.headers.get('retry-after')));
      await passBlocks(email);
    }
    expect(slowed[1]!).toBeGreaterThan(slowed[0]!);
    expect(slowed[2]!).toBeGreaterThan(slowed[1]!);

    await postJson('/auth/forgot-password', { email }, { headers: { 'cf-connecting-ip': newAddress() } });
    let mail: Awaited<ReturnType<typeof mailbox>>[number] | undefined;
    await eventually(async () => {
      mail = (await mailbox(email)).find((m) => m.subject.startsWith('Reset'));
      expect(mail).toBeDefined();
    });
    const token = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]).searchParams.get('token')!;
    expect((await postJson('/auth/reset-password', { email, token, password: 'brand-new-pass' })).status).toBe(200);
    expect((await attempt(email, 'wrong-password', newAddress())).status).toBe(401);
  });
});

describe('permissions', () => {
  it('a refused pair on one tenant leaves the same e-mail on another tenant and other accounts alone', async () => {
    const address = newAddress();
    await Promise.all(Array.from({ length: 8 }, () => attempt('learner@partner.test', 'wrong-password', address, PARTNER_HOST)));
    expect((await attempt('learner@partner.test', 'studyhall-demo', address, PARTNER_HOST)).status).toBe(429);
    expect((await attempt('learner@partner.test', 'studyhall-demo', address)).status).toBe(401);
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
