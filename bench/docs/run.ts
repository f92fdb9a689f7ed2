import { fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { prepareLocal } from '../../scripts/prepare-local';
import { startWorkerd } from '../lib/workerd';

/**
 * `npm run bench -- docs`: our DocRoom (the y-websocket protocol on a Durable Object on workerd, every
 * update written to SQLite before it is broadcast) against two stock Hocuspocus servers, each in its own process: one
 * persisting to SQLite (the fair peer: it stores too, though after broadcasting and debounced) and one in memory,
 * measured in the same run with the same clients, all in this process, in interleaved rounds:
 *   1. open a 1 MB document: time from creating the provider to having the whole text (median of several opens,
 *      with the writer still connected, since an in-memory Hocuspocus forgets a document nobody has open);
 *   2. 30 collaborators each typing 5 characters a second for a while: time for an edit to reach each other client;
 *   3. catch-up after offline: a client misses 1% of a 100 KB document's worth of others' edits while writing 1% of
 *      its own, then reconnects; time until both sides hold the same document.
 * Sign-in and tickets are fetched before each timer starts: they are ours alone and not part of the sync.
 */

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(here, '../..');
const OURS_PORT = Number(process.env.BENCH_DOCS_PORT ?? 8950);
const PEER_PORTS = { memory: OURS_PORT + 1, sqlite: OURS_PORT + 2 };
const ORIGIN = `http://localhost:${OURS_PORT}`;
const PERSIST = `.tmp/bench-docs-${OURS_PORT}`;
const OPENS = 5;
const COLLABORATORS = 30;
const CHARS_PER_SECOND = 5;
const TYPING_SECONDS = 8;
/** This shared VM stalls now and then; each contender runs this many interleaved rounds and its median is compared. */
const ROUNDS = Number(process.env.BENCH_DOCS_ROUNDS ?? 3);

interface Session {
  doc: Y.Doc;
  isSynced(): boolean;
  destroy(): void;
}
interface Backend {
  label: string;
  /** Anything a connection needs that is not part of syncing (our tickets). */
  prepare(name: string): Promise<unknown>;
  connect(name: string, doc: Y.Doc, prepared: unknown): Session;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean | Promise<boolean>, what: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(2);
  }
}
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

// ── our server ──
let accessToken = '';
async function ourTicket(name: string) {
  if (!accessToken) {
    const res = await fetch(`${ORIGIN}/api/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({ client_id: 'studyhall-web', grant_type: 'password', username: 'login:tutor@studyhall.test', password: 'studyhall-demo' }),
    });
    accessToken = ((await res.json()) as { access_token: string }).access_token;
  }
  const res = await fetch(`${ORIGIN}/api/rt/tickets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ room: `doc/${name}` }),
  });
  if (!res.ok) throw new Error(`ticket: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { ticket: string }).ticket;
}

/**
 * `ws` offers permessage-deflate by default and Miniflare's entry worker accepts it whatever the compatibility flags
 * say; the product ships with `no_web_socket_compression`, so these clients do not offer it (nor does Hocuspocus's
 * server accept it).
 */
class UncompressedWebSocket extends WebSocket {
  constructor(address: string, protocols?: string | string[]) {
    super(address, protocols, { perMessageDeflate: false });
  }
}

const ours: Backend = {
  label: 'ours  DocRoom (workerd, product config)',
  prepare: ourTicket,
  connect(name, doc, ticket) {
    const provider = new WebsocketProvider(`ws://localhost:${OURS_PORT}/api/rt/docs`, name, doc, {
      WebSocketPolyfill: UncompressedWebSocket as unknown as typeof globalThis.WebSocket,
      params: { ticket: ticket as string },
      disableBc: true,
    });
    return { doc, isSynced: () => provider.synced, destroy: () => provider.destroy() };
  },
};

function hocuspocus(kind: keyof typeof PEER_PORTS, label: string): Backend {
  return {
    label,
    prepare: async () => undefined,
    connect(name, doc) {
      let synced = false;
      // One socket per client, as with ours.
      const websocketProvider = new HocuspocusProviderWebsocket({ url: `ws://localhost:${PEER_PORTS[kind]}`, WebSocketPolyfill: WebSocket });
      const provider = new HocuspocusProvider({ websocketProvider, name, document: doc, onSynced: () => (synced = true) });
      provider.attach();
      return {
        doc,
        isSynced: () => synced,
        destroy: () => {
          provider.destroy();
          websocketProvider.destroy();
        },
      };
    },
  };
}
const peerSqlite = hocuspocus('sqlite', 'peer  Hocuspocus 4 + SQLite (extension-database, node:sqlite)');
const peerMemory = hocuspocus('memory', 'peer  Hocuspocus 4 (in memory)');

/**
 * The seeded lessons the tutor teaches; each round's scenarios take fresh notes documents (three a round), so a
 * round never opens what an earlier one filled.
 */
const lessons = [
  'section_maths_lesson_1',
  'section_maths_lesson_2',
  'section_maths_lesson_3',
  'section_maths_lesson_4',
  'section_physics_lesson_1',
  'section_physics_lesson_2',
  'section_maths_last_month',
  'section_physics_last_month',
  'section_maths_week1',
];
let nextLesson = 0;
const freshName = () => `lesson:${lessons[nextLesson++]!}:notes`;

async function open(backend: Backend, name: string, doc = new Y.Doc()) {
  const session = backend.connect(name, doc, await backend.prepare(name));
  await until(session.isSynced, `${backend.label} sync`);
  return session;
}

/** 1. Time to first content of a 1 MB document. */
async function openLarge(backend: Backend, name: string) {
  const writer = await open(backend, name);
  const chunk = 'The quick brown fox jumps over the lazy dog. '.repeat(222).slice(0, 10_000);
  for (let i = 0; i < 100; i++) writer.doc.getText('t').insert(writer.doc.getText('t').length, chunk);
  const size = writer.doc.getText('t').length;
  const check = await open(backend, name);
  await until(() => check.doc.getText('t').length === size, 'the 1 MB document to arrive');
  check.destroy();
  // The writer stays: an in-memory Hocuspocus forgets a document when its last client leaves.
  const times: number[] = [];
  for (let i = 0; i < OPENS; i++) {
    const prepared = await backend.prepare(name);
    const doc = new Y.Doc();
    const started = performance.now();
    const session = backend.connect(name, doc, prepared);
    await until(() => doc.getText('t').length === size, 'first content');
    times.push(performance.now() - started);
    session.destroy();
    await sleep(100);
  }
  writer.destroy();
  return { median: quantile(times, 0.5), bytes: Y.encodeStateAsUpdate(writer.doc).byteLength };
}

/** 2. Many people typing: how long an edit takes to reach the others. */
async function typing(backend: Backend, name: string) {
  const sessions: Session[] = [];
  for (let i = 0; i < COLLABORATORS; i++) sessions.push(await open(backend, name));
  const latencies: number[] = [];
  sessions.forEach((session, me) => {
    session.doc.getMap<number>('sent').observe((event) => {
      if (event.transaction.local) return;
      const now = performance.now();
      for (const key of event.keysChanged) if (!key.startsWith(`${me}:`)) latencies.push(now - session.doc.getMap<number>('sent').get(key)!);
    });
  });
  const total = TYPING_SECONDS * CHARS_PER_SECOND;
  await Promise.all(
    sessions.map(async (session, me) => {
      await sleep(Math.random() * (1000 / CHARS_PER_SECOND));
      for (let n = 0; n < total; n++) {
        session.doc.transact(() => {
          const text = session.doc.getText('t');
          text.insert(Math.floor(Math.random() * (text.length + 1)), 'x');
          session.doc.getMap<number>('sent').set(`${me}:${n}`, performance.now());
        });
        await sleep(1000 / CHARS_PER_SECOND);
      }
    }),
  );
  const expected = COLLABORATORS * (COLLABORATORS - 1) * total;
  await until(() => latencies.length >= expected, `all ${expected} deliveries`, 60_000);
  for (const s of sessions) s.destroy();
  return { p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), deliveries: latencies.length };
}

/** 3. Catch-up: 1% of a 100 KB document changed on each side while one client was offline. */
async function catchUp(backend: Backend, name: string) {
  const online = await open(backend, name);
  online.doc.getText('t').insert(0, 'a'.repeat(100_000));
  const offlineDoc = new Y.Doc();
  const before = await open(backend, name, offlineDoc);
  await until(() => offlineDoc.getText('t').length === 100_000, 'the offline client to load');
  before.destroy();
  for (let i = 0; i < 100; i++) {
    online.doc.getText('t').insert(Math.floor(Math.random() * online.doc.getText('t').length), 'b'.repeat(10));
    offlineDoc.getText('t').insert(Math.floor(Math.random() * offlineDoc.getText('t').length), 'c'.repeat(10));
  }
  const prepared = await backend.prepare(name);
  const started = performance.now();
  const back = backend.connect(name, offlineDoc, prepared);
  await until(() => offlineDoc.getText('t').length === 102_000 && online.doc.getText('t').length === 102_000, 'both sides to converge');
  const ms = performance.now() - started;
  if (offlineDoc.getText('t').toString() !== online.doc.getText('t').toString()) throw new Error(`${backend.label}: documents differ after catch-up`);
  back.destroy();
  online.destroy();
  return ms;
}

if (ROUNDS * 3 > lessons.length) throw new Error(`BENCH_DOCS_ROUNDS is at most ${lessons.length / 3}: each round takes three seeded lessons`);
rmSync(resolve(ROOT, PERSIST), { recursive: true, force: true });
await prepareLocal(PERSIST);
const peerFile = resolve(ROOT, `${PERSIST}-hocuspocus.sqlite`);
rmSync(peerFile, { force: true });
const oursServer = await startWorkerd(PERSIST, OURS_PORT);
const startPeer = (kind: keyof typeof PEER_PORTS) =>
  fork(join(here, 'hocuspocus-server.ts'), [String(PEER_PORTS[kind]), kind, peerFile], { execArgv: ['--import', 'tsx', '--no-warnings'], stdio: 'ignore' });
const peerServers = [startPeer('memory'), startPeer('sqlite')];
try {
  await until(
    () =>
      fetch(`${ORIGIN}/api/health`).then(
        (r) => r.ok,
        () => false,
      ),
    'our dev server',
    120_000,
  );
  await Promise.all(peerServers.map((server) => new Promise<void>((ready) => server.once('message', () => ready()))));

  // BENCH_DOCS_OURS_ONLY=1 runs ours alone, for a profile through BENCH_INSPECTOR_PORT.
  const backends = process.env.BENCH_DOCS_OURS_ONLY ? [ours] : [ours, peerSqlite, peerMemory];
  type Measured = { large: Awaited<ReturnType<typeof openLarge>>; typed: Awaited<ReturnType<typeof typing>>; caught: number };
  const rounds: Measured[][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const measured: Measured[] = [];
    for (const backend of backends) {
      nextLesson = round * 3;
      const large = await openLarge(backend, freshName());
      const typed = await typing(backend, freshName());
      const caught = await catchUp(backend, freshName());
      measured.push({ large, typed, caught });
    }
    rounds.push(measured);
  }
  const median = (which: number, pick: (m: Measured) => number) =>
    quantile(
      rounds.map((round) => pick(round[which]!)),
      0.5,
    );
  console.log(`Yjs document sync, Node ${process.version}; clients in this process, servers in their own; ${ROUNDS} interleaved rounds`);
  rounds.forEach((round, i) => {
    console.log(` round ${i + 1}`);
    round.forEach((r, b) => {
      console.log(`  ${backends[b]!.label}`);
      console.log(
        `    open ${(r.large.bytes / 1024 / 1024).toFixed(2)} MB document, time to first content  median ${r.large.median.toFixed(1)} ms (${OPENS} opens)`,
      );
      console.log(
        `    ${COLLABORATORS} collaborators × ${CHARS_PER_SECOND} chars/s, edit to others  p50 ${r.typed.p50.toFixed(1)} ms  p99 ${r.typed.p99.toFixed(1)} ms (${r.typed.deliveries} deliveries)`,
      );
      console.log(`    catch-up after offline (1% divergence each side)  ${r.caught.toFixed(1)} ms`);
    });
  });
  console.log(` median of ${ROUNDS} rounds`);
  backends.forEach((backend, b) => {
    const [open1, p50, p99, caught] = [
      median(b, (m) => m.large.median),
      median(b, (m) => m.typed.p50),
      median(b, (m) => m.typed.p99),
      median(b, (m) => m.caught),
    ];
    console.log(
      `  ${backend.label.padEnd(64)} open-1MB ${open1.toFixed(1).padStart(6)} ms  typing p50 ${p50.toFixed(1).padStart(5)} ms  p99 ${p99.toFixed(1).padStart(6)} ms  catch-up ${caught.toFixed(1).padStart(6)} ms`,
    );
  });
  for (const [b, name] of [
    [1, 'hocuspocus-sqlite'],
    [2, 'hocuspocus-memory'],
  ] as const) {
    if (!backends[b]) continue;
    console.log(`ours/${name} open-1MB ${(median(0, (m) => m.large.median) / median(b, (m) => m.large.median)).toFixed(2)}`);
    console.log(`ours/${name} typing-p99 ${(median(0, (m) => m.typed.p99) / median(b, (m) => m.typed.p99)).toFixed(2)}`);
    console.log(`ours/${name} catch-up ${(median(0, (m) => m.caught) / median(b, (m) => m.caught)).toFixed(2)}`);
  }
} finally {
  oursServer.kill('SIGTERM');
  for (const server of peerServers) server.kill('SIGTERM');
}
process.exit(0);
