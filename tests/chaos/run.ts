import { setTimeout as sleep } from 'node:timers/promises';
import { DEMO_USERS } from '../../schema/seed';
import { SEED_COURSE_IDS } from '../../schema/seed-courses';
import { Api, CHAOS_TEXT, ChatClient, DocClient, type Endpoint } from './clients';
import { DevServer } from './dev-server';
import { FaultProxy, NO_FAULTS } from './fault-proxy';
import { type Count, countDoc, countMessages, type PhaseResult, printReport } from './tally';

/**
 * `npm run chaos`: nothing acknowledged is lost or stored twice when the dev server is killed, when a crowd reconnects
 * at once, or when the link drops frames. The web app's own chat and document clients (clients.ts) talk to the real
 * `wrangler dev`; every phase ends with a `kill -9` and a restart, so what is counted as present was read back from
 * disk, through the room's own history frames and a fresh document client. Small by default (CI);
 * `CHAOS_SIZE=full` is the size: 200 clients in the storm and over 1,000 messages and updates in all.
 * `CHAOS_PHASES=storm,lossy` runs only those phases; `CHAOS_KEEP_STATE=1` skips the fresh state (migrations and seed, a minute on a busy machine) and reuses the last run's.
 * Exits non-zero when an acknowledged item is missing, any item is stored twice, or an item is never acknowledged.
 */
const FULL = process.env.CHAOS_SIZE === 'full';
const PORT = Number(process.env.CHAOS_PORT ?? 8921);
const SIZE = FULL
  ? {
      kill: { clients: 40, perSecond: 1, kills: 2, between: 5 },
      storm: { clients: 200, before: 3, during: 2 },
      lossy: { clients: 20, perSecond: 2, seconds: 25 },
    }
  : { kill: { clients: 8, perSecond: 2, kills: 1, between: 3 }, storm: { clients: 40, before: 2, during: 1 }, lossy: { clients: 6, perSecond: 2, seconds: 8 } };
/** Marks this run's items, so a run on kept state (CHAOS_KEEP_STATE=1) counts only its own. */
const RUN = Date.now().toString(36);
const LOSSY = { dropRate: 0.05, jitterMs: [50, 300] as [number, number] };
/** How long the clients get to have everything acknowledged once the chaos stops. */
const DRAIN_MS = 120_000;

const COURSE = SEED_COURSE_IDS.physics;
const DOC = 'lesson:section_physics_lesson_1:notes';
/** The physics group: Theo and both students, so every message reaches every socket in the room. */
const PEOPLE = [DEMO_USERS.tutor, DEMO_USERS.student, DEMO_USERS.student2];
const emailOf = (i: number) => PEOPLE[i % PEOPLE.length]!.email;

// The document client builds its socket address against the page's location, as in the browser.
Object.defineProperty(globalThis, 'location', { value: new URL(`http://localhost:${PORT}/`) });

const server = new DevServer(PORT, PORT + 2, `.tmp/chaos-${PORT}`);
const proxy = new FaultProxy(PORT + 1, server.origin);
const api = new Api(server.origin);
const direct: Endpoint = { api, socketOrigin: server.origin };
const proxied: Endpoint = { api, socketOrigin: proxy.origin };

/** The app's clients log every dropped socket; here those are the point, so they are counted instead. */
const clientLogs = new Map<string, number>();
const countLog = (...args: unknown[]) => {
  const line = args.map((a) => (a instanceof Error ? a.message : typeof a === 'string' ? a : ((a as { type?: string })?.type ?? String(a)))).join(' ');
  clientLogs.set(line, (clientLogs.get(line) ?? 0) + 1);
};
console.error = countLog;
console.warn = countLog;
const say = (line: string) => process.stdout.write(`${line}\n`);
const elapsed = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

async function until(check: () => boolean, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) {
      say(`  ${what}: still waiting after ${timeoutMs / 1000} s, counting as it stands`);
      return false;
    }
    await sleep(100);
  }
  return true;
}

interface Crowd {
  chats: ChatClient[];
  docs: DocClient[];
}

function crowd(endpoint: Endpoint, size: number): Crowd {
  const chats = Array.from({ length: size }, (_, i) => new ChatClient(endpoint, emailOf(i), COURSE));
  const docs = Array.from({ length: size }, (_, i) => new DocClient(endpoint, emailOf(i), DOC));
  return { chats, docs };
}

const connect = ({ chats, docs }: Crowd) =>
  Promise.all([...chats.map((c) => c.start()), until(() => docs.every((d) => d.everSynced), 'documents to sync', 180_000)]);

/** Every client writes `perSecond` messages and edits, each on its own timer, until stopped. */
function traffic(phase: string, { chats, docs }: Crowd, conversationId: string, perSecond: number) {
  const timers = [
    ...chats.map((chat, i) => {
      let n = 0;
      return setInterval(() => chat.send(conversationId, `${RUN}.${phase}.c${i}.${n++}`), 1000 / perSecond);
    }),
    ...docs.map((doc, i) => {
      let n = 0;
      return setInterval(() => doc.edit(`${RUN}.${phase}.d${i}.${n++}`), 1000 / perSecond);
    }),
  ];
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}

const allAcknowledged = ({ chats, docs }: Crowd) => chats.every((c) => c.unacknowledged === 0) && docs.every((d) => d.acknowledgedCount === d.edits.length);

async function drain(group: Crowd) {
  const started = Date.now();
  await until(() => allAcknowledged(group), 'every message and edit to be acknowledged', DRAIN_MS);
  say(`  drained in ${elapsed(started)}`);
}

/** Kills the server, brings it back on the same state, and counts what it stored against what the crowd was told. */
async function settle(phase: string, group: Crowd, conversationId: string, notes: string[]): Promise<PhaseResult> {
  for (const chat of group.chats) chat.stop();
  for (const doc of group.docs) doc.destroy();
  await server.kill9();
  await server.start();
  const reader = new ChatClient(direct, DEMO_USERS.tutor.email, COURSE);
  await reader.start();
  const history = await reader.history(conversationId);
  reader.stop();
  const docReader = new DocClient(direct, DEMO_USERS.tutor.email, DOC);
  await until(() => docReader.synced, 'a fresh document client to load', 120_000);
  const text = docReader.doc.getText(CHAOS_TEXT).toString();
  docReader.destroy();
  const messages: Count = countMessages(group.chats, history);
  const updates: Count = countDoc(group.docs, text);
  return { phase, notes, messages, updates };
}

async function killPhase(conversationId: string): Promise<PhaseResult> {
  const { clients, perSecond, kills, between } = SIZE.kill;
  say(`\n▶ kill -9: ${clients} chat and ${clients} document clients, ${perSecond}/s each, ${kills} kill(s) of wrangler dev mid-traffic`);
  const group = crowd(direct, clients);
  await connect(group);
  const stop = traffic('kill', group, conversationId, perSecond);
  const notes: string[] = [];
  for (let k = 0; k < kills; k++) {
    await sleep(between * 1000);
    await server.kill9();
    const down = Date.now();
    say(`  killed wrangler dev and workerd (SIGKILL to the process group)`);
    await sleep(1000);
    await server.start();
    notes.push(`kill ${k + 1}: down ${elapsed(down)} (restart included), clients kept writing`);
    say(`  restarted on the same state after ${elapsed(down)}`);
  }
  await sleep(between * 1000);
  stop();
  await drain(group);
  return settle(`kill -9 ×${kills}`, group, conversationId, notes);
}

async function stormPhase(conversationId: string): Promise<PhaseResult> {
  const { clients, before, during } = SIZE.storm;
  say(`\n▶ storm: ${clients} chat and ${clients} document clients at once, then every link cut at once`);
  proxy.faults = NO_FAULTS;
  const group = crowd(proxied, clients);
  // Written before connecting, as a crowd coming back online would have: all of it arrives in the first moments.
  group.chats.forEach((chat, i) => {
    for (let n = 0; n < before; n++) chat.send(conversationId, `${RUN}.storm.c${i}.${n}`);
  });
  group.docs.forEach((doc, i) => {
    for (let n = 0; n < before; n++) doc.edit(`${RUN}.storm.d${i}.${n}`);
  });
  let started = Date.now();
  await connect(group);
  const notes = [`${clients}+${clients} connected at once in ${elapsed(started)}`];
  await drain(group);
  proxy.cutAll();
  started = Date.now();
  group.chats.forEach((chat, i) => {
    for (let n = before; n < before + during; n++) chat.send(conversationId, `${RUN}.storm.c${i}.${n}`);
  });
  group.docs.forEach((doc, i) => {
    for (let n = before; n < before + during; n++) doc.edit(`${RUN}.storm.d${i}.${n}`);
  });
  await drain(group);
  notes.push(`all ${clients * 2} links cut at once; everything acknowledged again ${elapsed(started)} later`);
  return settle(`storm ${clients}`, group, conversationId, notes);
}

async function lossyPhase(conversationId: string): Promise<PhaseResult> {
  const { clients, perSecond, seconds } = SIZE.lossy;
  say(`\n▶ lossy link: ${clients} chat and ${clients} document clients through the fault proxy for ${seconds} s`);
  proxy.faults = LOSSY;
  const [passed, dropped, cut] = [proxy.framesPassed, proxy.framesDropped, proxy.linksCut];
  const group = crowd(proxied, clients);
  await connect(group);
  const stop = traffic('lossy', group, conversationId, perSecond);
  await sleep(seconds * 1000);
  stop();
  // The link heals so that whatever is still unacknowledged can get through.
  proxy.faults = NO_FAULTS;
  await drain(group);
  const notes = [
    `${proxy.framesPassed - passed} frames passed with ${LOSSY.jitterMs.join('–')} ms jitter, ${proxy.framesDropped - dropped} dropped ` +
      `(${(LOSSY.dropRate * 100).toFixed(0)}%), each drop broke its link; ${proxy.linksCut - cut} links broken`,
  ];
  return settle(`lossy ${(LOSSY.dropRate * 100).toFixed(0)}%`, group, conversationId, notes);
}

const started = Date.now();
let failed = true;
try {
  say(`chaos (${FULL ? 'full size' : 'CI size; CHAOS_SIZE=full for the issue size'}): wrangler dev on :${PORT}, fault proxy on :${PORT + 1}`);
  if (process.env.CHAOS_KEEP_STATE !== '1') await server.prepare();
  await server.start();
  await proxy.listen();
  for (const person of PEOPLE) await api.signIn(person.email);
  const host = new ChatClient(direct, DEMO_USERS.tutor.email, COURSE);
  await host.start();
  const conversationId = await host.conversationWith([DEMO_USERS.student._id, DEMO_USERS.student2._id]);
  host.stop();
  const phases = { kill: killPhase, storm: stormPhase, lossy: lossyPhase };
  const wanted = process.env.CHAOS_PHASES?.split(',') ?? Object.keys(phases);
  const results: PhaseResult[] = [];
  for (const [name, phase] of Object.entries(phases)) if (wanted.includes(name)) results.push(await phase(conversationId));
  failed = printReport(results, say);
  say(`took ${elapsed(started)}`);
} catch (error) {
  process.stderr.write(`chaos: the run itself failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
} finally {
  say('what the clients logged (dropped sockets, no ticket while the server was down):');
  for (const [line, times] of [...clientLogs].sort((a, b) => b[1] - a[1])) say(`  ${String(times).padStart(6)} × ${line.slice(0, 140)}`);
  await proxy.close().catch(() => undefined);
  await server.stop();
}
process.exit(failed ? 1 : 0);
