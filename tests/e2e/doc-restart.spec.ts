import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { prepareLocal } from '../../scripts/prepare-local';
import { DEMO_PASSWORD } from './demo';
import { expect, test } from './test';

/**
 * A shared document survives `kill -9` of the dev server: the stock y-websocket client writes, a second client sees
 * every change (the room stores an update before it broadcasts it), the whole wrangler process group is killed
 * with SIGKILL, and a fresh server on the same local state serves the whole document to a new client.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const PORT = Number(process.env.E2E_PORT ?? '8799') + 100;
const ORIGIN = `http://localhost:${PORT}`;
const PERSIST = `.tmp/e2e-restart-${PORT}`;
const DOC = 'lesson:section_maths_lesson_2:notes';
const EDITS = 300;

test.setTimeout(180_000);

function startDev(): ChildProcess {
  // Its own process group, so one signal reaches wrangler and the workerd it runs.
  return spawn('wrangler', ['dev', '--port', String(PORT), '--persist-to', PERSIST, '--show-interactive-dev-session=false'], {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
  });
}

async function until(check: () => Promise<boolean>, what: string, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const healthy = () => fetch(`${ORIGIN}/api/health`).then((r) => r.ok);

async function kill9(dev: ChildProcess) {
  process.kill(-dev.pid!, 'SIGKILL');
  await until(async () => !(await healthy().catch(() => false)), 'the server to die', 15_000);
}

async function ticket() {
  const token = await fetch(`${ORIGIN}/api/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({ client_id: 'studyhall-web', grant_type: 'password', username: 'login:tutor@studyhall.test', password: DEMO_PASSWORD }),
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  const res = await fetch(`${ORIGIN}/api/rt/tickets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ room: `doc/${DOC}` }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { ticket: string }).ticket;
}

async function connect() {
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(`ws://localhost:${PORT}/api/rt/docs`, DOC, doc, {
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    params: { ticket: await ticket() },
    disableBc: true,
  });
  await until(async () => provider.synced, 'the first sync', 20_000);
  return { doc, provider };
}

const contentOf = (doc: Y.Doc) => ({ text: doc.getText('restart').toString(), map: doc.getMap<number>('restart-map').toJSON() });

test('a document is all there after the dev server is killed with kill -9 and started again', async () => {
  rmSync(resolve(ROOT, PERSIST), { recursive: true, force: true });
  await prepareLocal(PERSIST);
  let dev = startDev();
  try {
    await until(healthy, 'the dev server');
    const writer = await connect();
    const reader = await connect();
    for (let i = 0; i < EDITS; i++) {
      writer.doc.transact(() => {
        writer.doc.getText('restart').insert(writer.doc.getText('restart').length, `${i % 10}`);
        writer.doc.getMap<number>('restart-map').set(`k${i % 50}`, i);
      });
    }
    const expected = contentOf(writer.doc);
    expect(expected.text).toHaveLength(EDITS);
    await until(async () => JSON.stringify(contentOf(reader.doc)) === JSON.stringify(expected), 'the reader to see every edit', 30_000);
    // Killed with both clients still connected, so the room never got to compact on the last leave.
    await kill9(dev);
    writer.provider.destroy();
    reader.provider.destroy();
    dev = startDev();
    await until(healthy, 'the restarted dev server');
    const after = await connect();
    expect(contentOf(after.doc)).toEqual(expected);
    after.provider.destroy();
  } finally {
    try {
      process.kill(-dev.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});
