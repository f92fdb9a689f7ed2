import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { chatCourseRoom } from '../../schema/contracts/chat';
import { DEMO_USERS } from '../../schema/seed';
import { SEED_COURSE_IDS } from '../../schema/seed-courses';
import { prepareLocal } from '../../scripts/prepare-local';
import { startWorkerd } from '../lib/workerd';

/**
 * `npm run bench -- chat`: one course chat room, 200 clients, 20 messages a second of 200 bytes, delivery latency
 * (send → receipt at every member socket) p50/p95/p99, against a Socket.IO server with the same event names and
 * a bare `ws` broadcast (the floor), measured in the same run. The Socket.IO peer broadcasts the same message object
 * as ours (sender, status, times), so both move the same bytes per delivery.
 *
 * Ours runs twice: on workerd directly (the built Worker on Miniflare with wrangler.toml's configuration, see
 * bench/lib/workerd.ts), which is the figure compared with the peers, and under `wrangler dev`, whose proxy worker relays
 * every frame through a second workerd process, for reference. Compression: the product ships with
 * `no_web_socket_compression`, but Miniflare's entry worker negotiates permessage-deflate whenever a client offers
 * it, so these clients do not offer it (`perMessageDeflate: false`); the peers have it off too. Ours also stores
 * every message in SQLite and acknowledges after the write; the peers store nothing.
 *
 * Ours starts once on fresh state and keeps its room for every round, so the room's history grows by 280 messages a
 * round; the peers start afresh each round. The per-round p99 row shows whether ours stays flat as history grows.
 */
const CLIENTS = 200;
const RATE = 20;
const WARMUP_S = 2;
const MEASURE_S = 10;
const BYTES = 200;
const PORT = Number(process.env.BENCH_CHAT_PORT ?? process.env.E2E_PORT ?? 8803);
/** The peers listen on three ports from here; a session given a range of ports sets it inside that range. */
const PEER_PORT = Number(process.env.BENCH_CHAT_PEER_PORT ?? PORT + 1000);
const PERSIST = `.tmp/bench-chat-${PORT}`;
const COURSE = SEED_COURSE_IDS.maths;
const base = `http://localhost:${PORT}`;

const body = (sentAt: number) => {
  const stamp = `t=${sentAt.toFixed(3)};`;
  return stamp + 'x'.repeat(BYTES - stamp.length);
};
const sentAtOf = (text: string) => Number(/^t=([\d.]+);/.exec(text)?.[1]);

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface Result {
  name: string;
  p50: number;
  p95: number;
  p99: number;
  deliveries: number;
  expected: number;
}

function summarise(name: string, latencies: number[], expected: number): Result {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { name, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), deliveries: sorted.length, expected };
}

/** Sends at RATE for the warm-up and the measured window; only messages sent in the window count. */
async function drive(send: (i: number, text: string) => void, measuring: { on: boolean }) {
  const total = RATE * (WARMUP_S + MEASURE_S);
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    measuring.on = i >= RATE * WARMUP_S;
    send(i % CLIENTS, body(measuring.on ? performance.now() : -1));
  }
  await sleep(2000);
}

function spawnReady(command: string, args: string[], marker: RegExp): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CI: 'true' } });
    const onData = (chunk: Buffer) => {
      if (marker.test(chunk.toString())) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${command} exited with ${code}`)));
  });
}

async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const res = await fetch(`${base}/api${path}`, { ...init, headers });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

async function signIn(email: string) {
  const form = new URLSearchParams({ client_id: 'studyhall-web', grant_type: 'password', username: `login:${email}`, password: 'studyhall-demo' });
  return (await api<{ access_token: string }>('/oauth/token', { method: 'POST', body: form })).access_token;
}

type Host = 'workerd' | 'wrangler dev';

async function startHost(host: Host) {
  if (host === 'wrangler dev') {
    // wrangler dev refuses a missing assets directory; the room needs no assets, so an empty one will do.
    mkdirSync('dist/client', { recursive: true });
    return spawnReady('wrangler', ['dev', '--port', String(PORT), '--persist-to', PERSIST, '--show-interactive-dev-session=false'], /Ready on/);
  }
  return startWorkerd(PERSIST, PORT);
}

interface OursServer {
  host: Host;
  stop(): Promise<void>;
}

/** Starts ours on fresh state; the same server and room then serve every round, so the room's history grows. */
async function startOurs(host: Host): Promise<OursServer> {
  rmSync(PERSIST, { recursive: true, force: true });
  await prepareLocal(PERSIST);
  const dev = await startHost(host);
  // Waits for the exit, so the next server's state is not removed from under this one.
  const exited = new Promise<void>((resolve) => dev.once('exit', () => resolve()));
  return {
    host,
    stop: () => {
      dev.kill('SIGTERM');
      return exited;
    },
  };
}

async function ours(server: OursServer): Promise<Result> {
  const tokens = [await signIn('student@studyhall.test'), await signIn('tutor@studyhall.test')];
  const sockets: WebSocket[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const { ticket } = await api<{ ticket: string }>('/rt/tickets', {
      method: 'POST',
      token: tokens[i % 2],
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ room: chatCourseRoom(COURSE) }),
    });
    const ws = new WebSocket(`ws://localhost:${PORT}/api/rt/chat/course/${COURSE}?ticket=${ticket}`, { perMessageDeflate: false });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    sockets.push(ws);
  }
  // The first round starts the conversation; later rounds are answered with the same one.
  const first = sockets[0]!;
  first.send(JSON.stringify({ type: 'startConversation', users: [DEMO_USERS.tutor._id] }));
  const conversationId = await new Promise<string>((resolve) =>
    first.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { type: string; conversation?: { _id: string } };
      if (frame.type === 'newConversation') resolve(frame.conversation!._id);
    }),
  );
  const latencies: number[] = [];
  const measuring = { on: false };
  for (const ws of sockets) {
    ws.on('message', (data) => {
      const text = data.toString();
      if (!text.startsWith('{"type":"receiveMessage"')) return;
      const sentAt = sentAtOf((JSON.parse(text) as { message: { message: string } }).message.message);
      if (sentAt > 0) latencies.push(performance.now() - sentAt);
    });
  }
  const round = rounds.length;
  let n = 0;
  await drive((i, text) => sockets[i]!.send(JSON.stringify({ type: 'sendMessage', conversationId, clientId: `r${round}b${n++}`, message: text })), measuring);
  for (const ws of sockets) ws.close();
  return summarise(
    `ours     ChatRoom (${server.host === 'workerd' ? 'workerd, product config' : 'workerd via wrangler dev'})`,
    latencies,
    RATE * MEASURE_S * CLIENTS,
  );
}

async function socketIo(): Promise<Result> {
  const server = await spawnReady(process.execPath, ['--import', 'tsx', 'bench/chat/peers.ts', 'socketio', String(PEER_PORT)], /ready/);
  try {
    const clients: Socket[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      // The server refuses per-message compression, so none is negotiated.
      const [me, other] = i % 2 === 0 ? [DEMO_USERS.student, DEMO_USERS.tutor] : [DEMO_USERS.tutor, DEMO_USERS.student];
      const auth = { _id: me._id, firstname: me.firstname, lastname: me.lastname, avatar: null, courseId: COURSE, otherId: other._id };
      const client = io(`http://localhost:${PEER_PORT}`, { transports: ['websocket'], auth });
      await new Promise((resolve) => client.once('connect', () => resolve(undefined)));
      clients.push(client);
    }
    const latencies: number[] = [];
    for (const client of clients) {
      client.on('receiveMessage', (frame: { message: { message: string } }) => {
        const sentAt = sentAtOf(frame.message.message);
        if (sentAt > 0) latencies.push(performance.now() - sentAt);
      });
    }
    let n = 0;
    await drive((i, text) => clients[i]!.emit('sendMessage', { conversationId: 'c', clientId: `b${n++}`, message: text }), { on: false });
    for (const client of clients) client.close();
    return summarise('peer     Socket.IO 4 (same event names)', latencies, RATE * MEASURE_S * CLIENTS);
  } finally {
    server.kill('SIGTERM');
  }
}

/** A bare broadcast server (the floors): clients send `{type, message}` and every socket gets the frame back. */
async function broadcastFloor(name: string, server: ChildProcess, port: number): Promise<Result> {
  try {
    const sockets: WebSocket[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const ws = new WebSocket(`ws://localhost:${port}`, { perMessageDeflate: false });
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      sockets.push(ws);
    }
    const latencies: number[] = [];
    for (const ws of sockets) {
      ws.on('message', (data) => {
        const sentAt = sentAtOf((JSON.parse(data.toString()) as { message: string }).message);
        if (sentAt > 0) latencies.push(performance.now() - sentAt);
      });
    }
    await drive((i, text) => sockets[i]!.send(JSON.stringify({ type: 'sendMessage', message: text })), { on: false });
    for (const ws of sockets) ws.close();
    return summarise(name, latencies, RATE * MEASURE_S * CLIENTS);
  } finally {
    server.kill('SIGTERM');
  }
}

const rawWs = async () =>
  broadcastFloor(
    'floor    raw ws broadcast',
    await spawnReady(process.execPath, ['--import', 'tsx', 'bench/chat/peers.ts', 'ws', String(PEER_PORT + 1)], /ready/),
    PEER_PORT + 1,
  );

const workerdFloor = async () =>
  broadcastFloor(
    'floor    bare Durable Object room (workerd)',
    await spawnReady(process.execPath, ['--import', 'tsx', 'bench/chat/workerd-floor.ts', String(PEER_PORT + 2)], /ready/),
    PEER_PORT + 2,
  );

/**
 * `BENCH_CHAT_OURS_ONLY=1` runs ours alone and prints each round, for a profile through `BENCH_INSPECTOR_PORT` or the
 * collector's trace through `BENCH_WORKERD_LOG` (bench/lib/workerd.ts); it compares nothing.
 */
const OURS_ONLY = Boolean(process.env.BENCH_CHAT_OURS_ONLY);

/**
 * This shared VM stalls now and then for a few hundred milliseconds, which lands in one run's tail and not the
 * next; so each contender runs ROUNDS times, interleaved, and the comparison uses the median round.
 */
const ROUNDS = Number(process.env.BENCH_CHAT_ROUNDS ?? 10);
const rounds: Result[][] = [];
const oursServer = await startOurs('workerd');
try {
  for (let i = 0; i < ROUNDS; i++) {
    if (OURS_ONLY) {
      const r = await ours(oursServer);
      rounds.push([r]);
      console.log(`  round ${i + 1} of ${ROUNDS}: ours p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`);
      continue;
    }
    rounds.push([await ours(oursServer), await socketIo(), await rawWs(), await workerdFloor()]);
    console.log(`  round ${i + 1} of ${ROUNDS}: p99 ${rounds[i]!.map((r) => r.p99.toFixed(1)).join(' / ')} ms (ours / Socket.IO / raw ws / bare room)`);
  }
} finally {
  await oursServer.stop();
}
if (OURS_ONLY) process.exit(0);
const referenceServer = await startOurs('wrangler dev');
const reference = await ours(referenceServer).finally(() => referenceServer.stop());

const line = (r: Result) =>
  `  ${r.name.padEnd(42)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  (${r.deliveries}/${r.expected} deliveries)`;
const medianRound = (which: number) => {
  const sorted = rounds.map((round) => round[which]!).sort((a, b) => a.p99 - b.p99);
  return sorted[Math.floor(sorted.length / 2)]!;
};
console.log(
  `chat delivery latency: 1 room, ${CLIENTS} clients, ${RATE} msg/s of ${BYTES} B, ${MEASURE_S} s measured after ${WARMUP_S} s warm-up; no per-message compression`,
);
rounds.forEach((round, i) => {
  console.log(` round ${i + 1}`);
  for (const r of round) console.log(line(r));
});
// Ours keeps its room across the rounds (280 more messages each): a flat row is a room whose cost does not grow with its history.
const perRound = (which: number) => rounds.map((round) => round[which]!.p99.toFixed(1).padStart(6)).join('');
console.log(` p99 by round (ms)          ${rounds.map((_, i) => String(i + 1).padStart(6)).join('')}`);
console.log(`  ours (history grows)      ${perRound(0)}`);
console.log(`  Socket.IO                 ${perRound(1)}`);
console.log(`  raw ws                    ${perRound(2)}`);
console.log(`  bare DO room (workerd)    ${perRound(3)}`);
const [o, peer, floor, bare] = [medianRound(0), medianRound(1), medianRound(2), medianRound(3)];
console.log(` median round by p99 (of ${ROUNDS})`);
for (const r of [o, peer, floor, bare]) console.log(line(r));
console.log(` reference, once\n${line(reference)}`);
console.log(`ours/peer chat-p50 ${(o.p50 / peer.p50).toFixed(2)}`);
console.log(`ours/peer chat-p99 ${(o.p99 / peer.p99).toFixed(2)}`);
console.log(`ours/floor chat-p99 ${(o.p99 / floor.p99).toFixed(2)}`);
// What the runtime costs before any of our code runs, and what ChatRoom adds on top of it.
console.log(`workerd-floor/peer chat-p99 ${(bare.p99 / peer.p99).toFixed(2)}`);
console.log(`ours/workerd-floor chat-p99 ${(o.p99 / bare.p99).toFixed(2)}`);
process.exit(0);
