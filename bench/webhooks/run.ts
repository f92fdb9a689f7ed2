import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import Stripe from 'stripe';
import type { CheckoutStarted, Credits, PaymentSessionStatus, SimulatedCheckout } from '../../schema/contracts/payments';
import type { PricedPlan } from '../../schema/contracts/pricing';
import { DEMO_PASSWORD, DEMO_USERS } from '../../schema/seed';
import { prepareLocal } from '../../scripts/prepare-local';
import { waitFor } from '../../scripts/run';

/**
 * `npm run bench -- webhooks`: 1,000 signed Stripe events through `POST /api/stripe/webhook` under `wrangler dev`
 * on a fresh local D1 (migrated, demo seeded), 8 in flight. The events are what Checkout sends for 700 flexible-plan
 * sessions the parent opened for Sam and Maya through `POST /api/stripe/v2/flexible-session`: paid at once, paid or
 * failed later (`completed` unpaid, then the async result), expired; 50 delivered out of order (the async result
 * before its `completed`, a stale expiry after the payment) and 100 re-sent with the same event id, some while the
 * first delivery is still in flight. The peer is the same server's cheapest signed-in JSON call, `GET
 * /api/user/authUser`: a token check and four D1 reads, what every page load of the app asks first (the webhook also
 * makes four round trips). The same senders send it between the events, so both see the same load on this shared
 * machine. Then 100 more events, one at a time, show the route without the queueing 8 senders make.
 *
 * Afterwards every session's status (`GET /api/dev/checkout/:id`) and each student's balance and number of entries
 * (`GET /api/credits?userId=`) are checked against what the events should leave: a session ends PAID if any paying
 * event reached it, whatever the order. Any difference, or any answer but 200, fails the run.
 */
const PORT = Number(process.env.BENCH_WEBHOOKS_PORT ?? 8931);
const ORIGIN = `http://localhost:${PORT}`;
const PERSIST = `.tmp/bench-webhooks-${PORT}`;
const VARS = `${PERSIST}/bench.vars`;
const IN_FLIGHT = 8;
const DUPLICATES = 100;
/** A later event is sent at least this many events after its partner, so with 8 senders it starts after that one ends. */
const MIN_GAP = IN_FLIGHT;
const SAM = DEMO_USERS.student._id;
const MAYA = DEMO_USERS.student2._id;
const PARENT = DEMO_USERS.parent._id;

type Delivery = 'completed-paid' | 'completed-unpaid' | 'succeeded' | 'failed' | 'expired';
interface Story {
  name: string;
  sessions: number;
  /** In the order they are sent. */
  deliveries: Delivery[];
  ends: PaymentSessionStatus;
  /** The second delivery arrives before (or, for a stale expiry, after) the one Stripe would have sent first. */
  outOfOrder: boolean;
}
/** 900 distinct events over 700 sessions, 50 of them out of order; with the 100 re-sent, 1,000. */
const STORIES: Story[] = [
  { name: 'paid at checkout', sessions: 450, deliveries: ['completed-paid'], ends: 'PAID', outOfOrder: false },
  { name: 'paid later', sessions: 100, deliveries: ['completed-unpaid', 'succeeded'], ends: 'PAID', outOfOrder: false },
  { name: 'failed later', sessions: 50, deliveries: ['completed-unpaid', 'failed'], ends: 'FAILED', outOfOrder: false },
  { name: 'expired', sessions: 50, deliveries: ['expired'], ends: 'EXPIRED', outOfOrder: false },
  { name: 'paid later, result first', sessions: 25, deliveries: ['succeeded', 'completed-unpaid'], ends: 'PAID', outOfOrder: true },
  { name: 'failed later, result first', sessions: 10, deliveries: ['failed', 'completed-unpaid'], ends: 'FAILED', outOfOrder: true },
  { name: 'paid, then a stale expiry', sessions: 15, deliveries: ['completed-paid', 'expired'], ends: 'PAID', outOfOrder: true },
];
/**
 * Then 100 more, one at a time: the same route without the queueing that 8 senders cause on this machine, so the
 * two can be told apart. Their sessions are checked with the rest.
 */
const ONE_AT_A_TIME: Story = { name: 'paid at checkout, sent one at a time', sessions: 100, deliveries: ['completed-paid'], ends: 'PAID', outOfOrder: false };
const EVENT_TYPES: Record<Delivery, string> = {
  'completed-paid': 'checkout.session.completed',
  'completed-unpaid': 'checkout.session.completed',
  succeeded: 'checkout.session.async_payment_succeeded',
  failed: 'checkout.session.async_payment_failed',
  expired: 'checkout.session.expired',
};

/** A fixed seed, so every run sends the same sequence. */
function seededRandom(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seededRandom(31);
const below = (n: number) => Math.floor(random() * n);
function shuffle<T>(items: T[]) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = below(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};
const ms = (v: number) => `${v.toFixed(1)} ms`;

/** Runs `work` over `items` with `senders` callers, each taking the next item as it finishes one. */
async function inFlight<T>(items: T[], work: (item: T, index: number) => Promise<void>, senders = IN_FLIGHT) {
  let next = 0;
  await Promise.all(
    Array.from({ length: senders }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const res = await fetch(`${ORIGIN}/api${path}`, { ...init, headers });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

/**
 * `wrangler dev` in its own process group (its workerd children with it), reading its secrets from the file this run
 * wrote: the webhook secret is one this run knows, and with no Stripe key payments are simulated, nothing leaves.
 */
async function startServer(): Promise<{ server: ChildProcess; secret: string; output: string[] }> {
  rmSync(PERSIST, { recursive: true, force: true });
  await prepareLocal(PERSIST);
  const secret = `whsec_${randomBytes(24).toString('hex')}`;
  writeFileSync(VARS, `TOKEN_SECRET=${randomBytes(32).toString('hex')}\nSTRIPE_WEBHOOK_SECRET=${secret}\n`);
  // wrangler dev refuses a missing assets directory; the API needs no assets, so an empty one will do.
  mkdirSync('dist/client', { recursive: true });
  const server = spawn('wrangler', ['dev', '--port', String(PORT), '--persist-to', PERSIST, '--env-file', VARS, '--show-interactive-dev-session=false'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, CI: 'true' },
  });
  // wrangler logs every request; the pipes are drained so it never blocks, and the tail is kept for a failure.
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 40) output.shift();
  };
  server.stdout!.on('data', keep);
  server.stderr!.on('data', keep);
  const exited = new Promise<never>((_, reject) => server.once('exit', (code) => reject(new Error(`wrangler dev exited with ${code}:\n${output.join('')}`))));
  await Promise.race([waitFor(`${ORIGIN}/api/health`), exited]);
  return { server, secret, output };
}

async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  process.kill(-server.pid!, 'SIGTERM');
  const stopped = await Promise.race([exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 10_000))]);
  if (!stopped) process.kill(-server.pid!, 'SIGKILL');
}

interface Session {
  providerSessionId: string;
  studentId: string;
  minutes: number;
  amount: number;
  currency: string;
  paymentIntent: string;
  story: Story;
}
interface Planned {
  session: Session;
  delivery: Delivery;
  id: string;
  payload: string;
  /** Index of the first send of this event id, for a re-send. */
  resendOf: number | null;
  /** Index of the event this one must follow (in order) or precede (out of order), for the second of a pair. */
  partner: number | null;
}

/** The event Stripe would send, in the shape worker/lib/payments/simulated.ts builds, about a session we opened. */
function eventFor(session: Session, delivery: Delivery, created: number) {
  const id = `evt_bench_${randomBytes(12).toString('hex')}`;
  const paying = delivery === 'completed-paid' || delivery === 'completed-unpaid' || delivery === 'succeeded';
  const event = {
    id,
    object: 'event',
    api_version: null,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: EVENT_TYPES[delivery],
    data: {
      object: {
        id: session.providerSessionId,
        object: 'checkout.session',
        // Our payment session id is not told to the buyer before paying; the webhook finds the session by its provider id.
        client_reference_id: null,
        metadata: {},
        amount_total: session.amount,
        currency: session.currency.toLowerCase(),
        mode: 'payment',
        subscription: null,
        customer: paying ? `cus_sim_${PARENT}` : null,
        payment_intent: delivery === 'expired' ? null : session.paymentIntent,
        payment_status: delivery === 'completed-paid' || delivery === 'succeeded' ? 'paid' : 'unpaid',
        status: delivery === 'expired' ? 'expired' : 'complete',
        created,
      },
    },
  };
  return { id, payload: JSON.stringify(event) };
}

/**
 * The 1,000 sends: sessions in a shuffled order, each second event of a session 8 to 40 events after its first, then
 * 100 distinct events sent again, a third right after their first send and the rest 4 to 120 events later (re-sends
 * only widen the pairs' gaps).
 */
function plan(sessions: Session[]): Planned[] {
  const now = Math.floor(Date.now() / 1000);
  const distinct: Planned[] = [];
  const waiting: { due: number; session: Session; partner: number }[] = [];
  const add = (session: Session, delivery: Delivery, partner: number | null) => {
    distinct.push({ session, delivery, ...eventFor(session, delivery, now), resendOf: null, partner });
    return distinct.length - 1;
  };
  for (const session of shuffle([...sessions])) {
    const due = waiting.findIndex((w) => w.due <= distinct.length);
    if (due >= 0) {
      const [w] = waiting.splice(due, 1);
      add(w!.session, w!.session.story.deliveries[1]!, w!.partner);
    }
    const first = add(session, session.story.deliveries[0]!, null);
    if (session.story.deliveries.length === 2) waiting.push({ due: first + MIN_GAP + below(33), session, partner: first });
  }
  for (const w of waiting.sort((a, b) => a.due - b.due)) add(w.session, w.session.story.deliveries[1]!, w.partner);

  // Re-sends are placed by a fractional key between the distinct events, then every index is re-pointed to the sends.
  const resent = shuffle(distinct.map((_, i) => i)).slice(0, DUPLICATES);
  const keyed = [
    ...distinct.map((p, i) => ({ key: i, p })),
    // A third straight after the first send, so that both are in flight together, as a retry racing its original is.
    ...resent.map((i, n) => ({ key: i + (n % 3 ? 4 + below(117) : 1) - 0.5, p: { ...distinct[i]!, resendOf: i, partner: null } })),
  ].sort((a, b) => a.key - b.key);
  const sendIndex = new Map(keyed.flatMap((k, at) => (k.p.resendOf === null ? [[k.key, at] as const] : [])));
  return keyed.map(({ p }) => ({
    ...p,
    resendOf: p.resendOf === null ? null : sendIndex.get(p.resendOf)!,
    partner: p.partner === null ? null : sendIndex.get(p.partner)!,
  }));
}

interface Sent {
  ms: number;
  start: number;
  end: number;
  status: number;
  outcome: string;
  duplicate: boolean;
}

const { server, secret, output } = await startServer();
process.once('SIGINT', () => void stopServer(server).then(() => process.exit(130)));
let failed = false;
try {
  const form = new URLSearchParams({
    client_id: 'studyhall-web',
    grant_type: 'password',
    username: `login:${DEMO_USERS.parent.email}`,
    password: DEMO_PASSWORD,
  });
  const token = (await api<{ access_token: string }>('/oauth/token', { method: 'POST', body: form })).access_token;
  const json = { 'content-type': 'application/json' };

  // Each student's offered plans, at the price the server gives them; the sessions take turns over them.
  const offered = new Map<string, PricedPlan[]>();
  for (const studentId of [SAM, MAYA]) offered.set(studentId, await api<PricedPlan[]>(`/flexible-plans?userId=${studentId}`, { token }));
  const openedAt = performance.now();
  const stories = [...STORIES, ONE_AT_A_TIME].flatMap((story) => Array.from({ length: story.sessions }, () => story));
  const sessions: Session[] = new Array(stories.length);
  await inFlight(stories, async (story, i) => {
    const studentId = i % 2 ? MAYA : SAM;
    const plans = offered.get(studentId)!;
    const planId = plans[i % plans.length]!._id;
    const { url } = await api<CheckoutStarted>('/stripe/v2/flexible-session', {
      method: 'POST',
      token,
      headers: json,
      body: JSON.stringify({ planId, studentId }),
    });
    const providerSessionId = url.split('/').pop()!;
    const checkout = await api<SimulatedCheckout>(`/dev/checkout/${providerSessionId}`);
    sessions[i] = {
      providerSessionId,
      studentId,
      minutes: checkout.minutes,
      amount: checkout.amount,
      currency: checkout.currency,
      paymentIntent: `pi_bench_${randomBytes(12).toString('hex')}`,
      story,
    };
  });
  const openedS = (performance.now() - openedAt) / 1000;
  const credits = (studentId: string) => api<Credits>(`/credits?userId=${studentId}&limit=1`, { token });
  const before = new Map(await Promise.all([SAM, MAYA].map(async (id) => [id, await credits(id)] as const)));

  const sends = plan(sessions.filter((s) => s.story !== ONE_AT_A_TIME));
  const now = Math.floor(Date.now() / 1000);
  const singles: Planned[] = sessions
    .filter((s) => s.story === ONE_AT_A_TIME)
    .map((session) => ({ session, delivery: 'completed-paid', ...eventFor(session, 'completed-paid', now), resendOf: null, partner: null }));
  const peer = () => fetch(`${ORIGIN}/api/user/authUser`, { headers: { authorization: `Bearer ${token}` } });
  // Signed as each is sent, as Stripe signs each delivery, so no signature is older than the tolerance.
  const sign = (payload: string) => Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret });
  const deliver = (payload: string, signature: string) =>
    fetch(`${ORIGIN}/api/stripe/webhook`, { method: 'POST', headers: { ...json, 'stripe-signature': signature }, body: payload });
  // Warm-up: the routes' first calls compile and cache what later calls reuse; an event of a type we ignore changes nothing.
  for (let i = 0; i < IN_FLIGHT; i++) {
    await (await peer()).arrayBuffer();
    const created = Math.floor(Date.now() / 1000);
    const ignored = JSON.stringify({ id: `evt_bench_warmup_${i}`, object: 'event', created, type: 'customer.created', data: { object: {} } });
    await (await deliver(ignored, await sign(ignored))).arrayBuffer();
  }

  // Says when the timed part starts, so a profiler attached to the server can sample just that.
  console.log(`${sessions.length} sessions opened in ${openedS.toFixed(1)} s; sending the events, ${IN_FLIGHT} in flight`);

  /** One job list, an event then a peer call, so each sender alternates them. */
  async function drive(list: Planned[], senders: number) {
    const sent: Sent[] = new Array(list.length);
    const peerMs: number[] = [];
    const jobs = list.flatMap((_, i) => [{ event: i }, { event: null }]);
    const startedAt = performance.now();
    await inFlight(
      jobs,
      async ({ event }) => {
        if (event === null) {
          const t0 = performance.now();
          const res = await peer();
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`GET /api/user/authUser answered ${res.status}`);
          peerMs.push(performance.now() - t0);
          return;
        }
        const { payload } = list[event]!;
        const signature = await sign(payload);
        const start = performance.now();
        const res = await deliver(payload, signature);
        const text = await res.text();
        const end = performance.now();
        const body =
          res.status === 200 ? (JSON.parse(text) as { outcome: string; duplicate: boolean }) : { outcome: `HTTP ${res.status}: ${text}`, duplicate: false };
        sent[event] = { ms: end - start, start, end, status: res.status, ...body };
      },
      senders,
    );
    return { sent, peerMs, eventsPerS: list.length / ((performance.now() - startedAt) / 1000) };
  }
  const { sent, peerMs, eventsPerS } = await drive(sends, IN_FLIGHT);
  const single = await drive(singles, 1);

  // What the events should have left, checked against what the API says now.
  const wrong: string[] = [];
  await inFlight(sessions, async (s) => {
    const { status } = await api<SimulatedCheckout>(`/dev/checkout/${s.providerSessionId}`);
    if (status !== s.story.ends) wrong.push(`session ${s.providerSessionId} (${s.story.name}) is ${status}, expected ${s.story.ends}`);
  });
  const balances: string[] = [];
  for (const studentId of [SAM, MAYA]) {
    const paid = sessions.filter((s) => s.studentId === studentId && s.story.ends === 'PAID');
    const expected = before.get(studentId)!.balanceMinutes + paid.reduce((sum, s) => sum + s.minutes, 0);
    const expectedEntries = before.get(studentId)!.entries.totalDocs + paid.length;
    const now = await credits(studentId);
    const name = studentId === SAM ? 'Sam' : 'Maya';
    balances.push(
      `${name} ${now.balanceMinutes.toLocaleString('en')} min (expected ${expected.toLocaleString('en')}), ${now.entries.totalDocs} entries (expected ${expectedEntries})`,
    );
    if (now.balanceMinutes !== expected) wrong.push(`${name}'s balance is ${now.balanceMinutes} minutes, expected ${expected}`);
    if (now.entries.totalDocs !== expectedEntries) wrong.push(`${name} has ${now.entries.totalDocs} credit entries, expected ${expectedEntries}`);
  }
  for (const s of [...sent, ...single.sent].filter((s) => s.status !== 200)) wrong.push(`an event was answered ${s.outcome}`);

  const resends = sends.flatMap((p, i) => (p.resendOf === null ? [] : [{ copy: sent[i]!, first: sent[p.resendOf]! }]));
  const raced = resends.filter(({ copy, first }) => copy.start < first.end).length;
  const seenAsDuplicate = resends.filter(({ copy }) => copy.duplicate).length;
  const reversed = sends.flatMap((p, i) => (p.partner !== null && p.session.story.outOfOrder ? [{ later: sent[i]!, earlier: sent[p.partner]! }] : []));
  const keptApart = reversed.filter(({ later, earlier }) => earlier.end <= later.start).length;
  const outcomes = new Map<string, number>();
  for (const s of sent) outcomes.set(s.outcome, (outcomes.get(s.outcome) ?? 0) + 1);

  const eventMs = sent.map((s) => s.ms);
  const [oursMedian, oursP95, peerMedian, peerP95] = [quantile(eventMs, 0.5), quantile(eventMs, 0.95), quantile(peerMs, 0.5), quantile(peerMs, 0.95)];
  console.log(
    `\n${sends.length.toLocaleString('en')} webhook events (${sends.length - resends.length} distinct, ${resends.length} re-sent with the same id, ` +
      `${reversed.length} out of order) about ${sessions.length - singles.length} flexible-plan sessions for Sam and Maya, ${IN_FLIGHT} in flight, ` +
      `wrangler dev on a fresh local D1; ${eventsPerS.toFixed(0)} events/s alongside the peer (sessions opened in ${openedS.toFixed(1)} s, load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs)`,
  );
  console.log(`  ours  POST /api/stripe/webhook (signed)          median ${ms(oursMedian)}  p95 ${ms(oursP95)}  p99 ${ms(quantile(eventMs, 0.99))}`);
  console.log(`  peer  GET /api/user/authUser (the parent)        median ${ms(peerMedian)}  p95 ${ms(peerP95)}  p99 ${ms(quantile(peerMs, 0.99))}`);
  console.log(`  outcomes: ${[...outcomes].map(([outcome, n]) => `${outcome} ${n}`).join(', ')}`);
  console.log(
    `  re-sends: ${seenAsDuplicate} answered as duplicates, ${raced} sent while the first delivery was still in flight; ` +
      `out of order: ${keptApart} of ${reversed.length} sent only once their partner event had been answered`,
  );
  const singleMs = single.sent.map((s) => s.ms);
  const [singleMedian, singleP95, singlePeerMedian, singlePeerP95] = [
    quantile(singleMs, 0.5),
    quantile(singleMs, 0.95),
    quantile(single.peerMs, 0.5),
    quantile(single.peerMs, 0.95),
  ];
  console.log(`\n${singles.length} more events, each paying a session of its own, one at a time (${single.eventsPerS.toFixed(0)} events/s alongside the peer)`);
  console.log(`  ours  POST /api/stripe/webhook (signed)          median ${ms(singleMedian)}  p95 ${ms(singleP95)}`);
  console.log(`  peer  GET /api/user/authUser (the parent)        median ${ms(singlePeerMedian)}  p95 ${ms(singlePeerP95)}`);
  console.log(`\nchecked against the expected state: ${sessions.length} session statuses, each student's balance and entries`);
  console.log(`  balances: ${balances.join('; ')}`);
  for (const line of wrong.slice(0, 10)) console.log(`  discrepancy: ${line}`);
  console.log('');
  console.log(`ours/peer webhook-median ${(oursMedian / peerMedian).toFixed(2)}  (ours ${ms(oursMedian)}, peer GET /api/user/authUser ${ms(peerMedian)})`);
  console.log(`ours/peer webhook-p95 ${(oursP95 / peerP95).toFixed(2)}  (ours ${ms(oursP95)}, peer GET /api/user/authUser ${ms(peerP95)})`);
  console.log(`ours/peer webhook-one-at-a-time-p95 ${(singleP95 / singlePeerP95).toFixed(2)}  (ours ${ms(singleP95)}, peer ${ms(singlePeerP95)})`);
  console.log(
    `webhook per event median ${ms(oursMedian)} p95 ${ms(oursP95)} at ${IN_FLIGHT} in flight  (target: p95 ≤ 50 ms: ${oursP95 <= 50 ? 'met' : 'missed'}); ` +
      `one at a time median ${ms(singleMedian)} p95 ${ms(singleP95)}`,
  );
  console.log(
    `webhook discrepancies ${wrong.length} over ${sessions.length} sessions, 2 balances, 2 entry counts and ${sends.length + singles.length} answers  ` +
      `(target: zero: ${wrong.length === 0 ? 'met' : 'missed'})`,
  );
  failed = wrong.length > 0;
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  console.error(output.join(''));
  failed = true;
} finally {
  await stopServer(server);
}
process.exit(failed ? 1 : 0);
