import { rmSync } from 'node:fs';
import { type Browser, chromium, type Page } from '@playwright/test';
import { fakeMediaLaunch } from '../../scripts/browser-path';
import { prepareLocal } from '../../scripts/prepare-local';
import { runOrExit, waitFor } from '../../scripts/run';
import { startDevServer } from '../lib/dev-server';
import { startWorkerd } from '../lib/workerd';
import { startPeerServer } from './peer-page';

/**
 * `npm run bench -- av`: joining a call until the first remote video frame. Ours: Theo is in the lesson room with
 * his camera on; Sam opens the room and the time runs from his page's first signalling frame (type 101 on the
 * board's socket, his join) to the first frame of Theo's video presented in his tile (requestVideoFrameCallback's
 * presentationTime; the time its callback ran, later when the page is busy, is printed beside it).
 * Peer: a bare WebRTC pair signalled through a plain `ws` server in this process (peer-page.ts), the host's camera
 * on, timed from the joiner's first message to its first remote frame the same way. Both in Debian's Chromium with
 * its fake camera and microphone, host candidates only. Also counts the signalling messages both sides send per
 * join, until a second after that frame (so trailing ICE candidates count). Rounds alternate ours and peer;
 * medians are compared. `BENCH_AV_DEBUG=1` prints each round's signalling frames as both of our pages sent and
 * received them, with times, to see which hop the time goes to.
 *
 * Ours runs on workerd directly (the built Worker and app on Miniflare with wrangler.toml's configuration, as the
 * chat and docs benchmarks run it): `wrangler dev` relays every WebSocket frame through a proxy worker in a second
 * workerd process, which production does not have and which cost each signalling hop 11–100 ms here.
 * `BENCH_AV_HOST=wrangler` measures ours under `wrangler dev` instead, as `npm start` serves it.
 */
const PORT = Number(process.env.BENCH_AV_PORT ?? 8911);
const PEER_PORT = PORT + 1;
const ORIGIN = `http://localhost:${PORT}`;
const ROOM = `${ORIGIN}/learning-portal/lesson-room/section_maths_lesson_2`;
const ROUNDS = Number(process.env.BENCH_AV_ROUNDS ?? 5);
const TAIL_MS = 1000;

/** Installed in every page before its scripts: counts signalling sends and notes the join and the first remote frame. */
const probe = (mode: 'ours' | 'peer') => `(() => {
  window.__sent = 0; window.__joinAt = null; window.__frameAt = null; window.__seenAt = null;
  const isSignal = (data) => ${mode === 'peer'} ? typeof data === 'string'
    : typeof data !== 'string' && new Uint8Array(data.buffer ?? data, data.byteOffset ?? 0, 1)[0] === 101;
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (isSignal(data)) { window.__sent += 1; if (window.__joinAt === null) window.__joinAt = performance.now(); }
    return send.call(this, data);
  };
  setInterval(() => {
    const video = document.querySelector('video[data-remote]');
    if (!video || video.__watched) return;
    video.__watched = true;
    // When the frame went to the compositor (the headline), and when the page's script could first act on it: a busy
    // main thread runs this callback later than the frame is seen.
    video.requestVideoFrameCallback((_now, frame) => {
      if (window.__frameAt !== null) return;
      window.__frameAt = frame.presentationTime;
      window.__seenAt = performance.now();
    });
  }, 5);
})();`;

interface Probe {
  sent: number;
  joinAt: number | null;
  frameAt: number | null;
  seenAt: number | null;
}
const read = (page: Page) =>
  page.evaluate(() => ({ sent: window.__sent, joinAt: window.__joinAt, frameAt: window.__frameAt, seenAt: window.__seenAt }) as Probe);
const resetCount = (page: Page) => page.evaluate(() => (window.__sent = 0));

declare global {
  interface Window {
    __sent: number;
    __joinAt: number | null;
    __frameAt: number | null;
    __seenAt: number | null;
    joinCall: () => Promise<void>;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function person(browser: Browser, mode: 'ours' | 'peer', email?: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(probe(mode));
  const page = await context.newPage();
  if (email) {
    await page.goto(`${ORIGIN}/learning-portal/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('studyhall-demo');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.includes('/login'));
  }
  return page;
}

async function waitForFrame(page: Page) {
  await page.waitForFunction(() => window.__frameAt !== null, undefined, { timeout: 30_000, polling: 10 });
  await page.waitForTimeout(TAIL_MS);
}

/** A signalling frame of ours (type 101 on the board's socket), and its start as text for the debug timeline. */
const isSignal = (bytes: Buffer) => bytes[0] === 101;
const signalText = (bytes: Buffer) =>
  bytes
    .subarray(1, 40)
    .toString()
    .replace(/[^ -~]/g, '');

const PERSIST = `.tmp/bench-av-${PORT}`;
const HOST = process.env.BENCH_AV_HOST === 'wrangler' ? 'wrangler dev' : 'workerd';

async function startOurs() {
  if (HOST === 'wrangler dev') return startDevServer(PORT, PERSIST);
  await runOrExit('tsx', ['scripts/build.ts']);
  rmSync(PERSIST, { recursive: true, force: true });
  await prepareLocal(PERSIST);
  const server = await startWorkerd(PERSIST, PORT, { withAssets: true });
  await waitFor(`${ORIGIN}/api/health`);
  return server;
}

const server = await startOurs();
const peerServer = await startPeerServer(PEER_PORT);
const browser = await chromium.launch(fakeMediaLaunch());
const results = {
  ours: { ms: [] as number[], seenMs: [] as number[], messages: [] as number[] },
  peer: { ms: [] as number[], seenMs: [] as number[], messages: [] as number[] },
};
try {
  const theo = await person(browser, 'ours', 'tutor@studyhall.test');
  const timeline: string[] = [];
  const watchFrames = (who: string, page: Page) => {
    if (!process.env.BENCH_AV_DEBUG) return;
    page.on('websocket', (ws) => {
      const note = (dir: string) => (f: { payload: string | Buffer }) => {
        if (typeof f.payload !== 'string' && isSignal(f.payload)) timeline.push(`${Date.now()} ${who} ${dir} ${signalText(f.payload)}`);
      };
      ws.on('framesent', note('sent'));
      ws.on('framereceived', note('got'));
    });
  };
  watchFrames('theo', theo);
  await theo.goto(ROOM);
  await theo.getByTestId('media-mode').waitFor();
  await theo.getByRole('button', { name: 'Turn on microphone' }).click();
  await theo.getByRole('button', { name: 'Turn on camera' }).click();
  await theo.getByTestId('self-tile').and(theo.locator('[data-camera=on]')).waitFor();
  const sam = await person(browser, 'ours', 'student@studyhall.test');
  watchFrames('sam', sam);
  if (process.env.BENCH_AV_DEBUG) {
    // When the board's socket opened on Sam's side, by the browser's own network clock (seconds, monotonic).
    const cdp = await sam.context().newCDPSession(sam);
    await cdp.send('Network.enable');
    cdp.on('Network.webSocketHandshakeResponseReceived', (event) =>
      timeline.push(`(network ${event.timestamp.toFixed(3)}) sam socket open ${event.response.status}`),
    );
    const note = (dir: string) => (event: { timestamp: number; response: { opcode: number; payloadData: string } }) => {
      const bytes = Buffer.from(event.response.payloadData, 'base64');
      if (event.response.opcode === 2 && isSignal(bytes)) timeline.push(`(network ${event.timestamp.toFixed(3)}) sam ${dir} ${signalText(bytes)}`);
    };
    cdp.on('Network.webSocketFrameReceived', note('got'));
    cdp.on('Network.webSocketFrameSent', note('sent'));
  }
  const host = await person(browser, 'peer');
  const joiner = await person(browser, 'peer');

  for (let round = 0; round < ROUNDS; round++) {
    timeline.length = 0;
    await resetCount(theo);
    await sam.goto(ROOM);
    await waitForFrame(sam);
    const [mine, theirs] = [await read(sam), await read(theo)];
    results.ours.ms.push(mine.frameAt! - mine.joinAt!);
    results.ours.seenMs.push(mine.seenAt! - mine.joinAt!);
    results.ours.messages.push(mine.sent + theirs.sent);
    if (process.env.BENCH_AV_DEBUG) {
      const times = await sam.evaluate(() => ({ join: window.__joinAt, frame: window.__frameAt, origin: performance.timeOrigin }));
      console.log(`join at ${(times.origin + times.join!).toFixed(0)}, frame at ${(times.origin + times.frame!).toFixed(0)}`);
      console.log(timeline.join('\n'));
    }
    // Sam leaves, so Theo's side drops the connection before the next join.
    await sam.goto('about:blank');
    await theo.waitForTimeout(1000);

    await host.goto(`http://localhost:${PEER_PORT}/?role=host`);
    await host.evaluate(() => (window as unknown as { ready: Promise<unknown> }).ready);
    await joiner.goto(`http://localhost:${PEER_PORT}/?role=joiner`);
    await joiner.evaluate(() => window.joinCall());
    await waitForFrame(joiner);
    const [joined, hosted] = [await read(joiner), await read(host)];
    results.peer.ms.push(joined.frameAt! - joined.joinAt!);
    results.peer.seenMs.push(joined.seenAt! - joined.joinAt!);
    results.peer.messages.push(joined.sent + hosted.sent);
    console.log(
      `round ${round + 1}: ours ${results.ours.ms.at(-1)!.toFixed(0)} ms (script ${results.ours.seenMs.at(-1)!.toFixed(0)}), ${results.ours.messages.at(-1)} messages; peer ${results.peer.ms.at(-1)!.toFixed(0)} ms (script ${results.peer.seenMs.at(-1)!.toFixed(0)}), ${results.peer.messages.at(-1)} messages`,
    );
  }
} finally {
  await browser.close();
  peerServer.close();
  server.kill();
}
const summary = (r: typeof results.ours) => ({ ms: median(r.ms), seenMs: median(r.seenMs), messages: median(r.messages) });
const [ours, peer] = [summary(results.ours), summary(results.peer)];
const line = (s: typeof ours) =>
  `first remote frame presented ${s.ms.toFixed(0)} ms (reached by the page's script ${s.seenMs.toFixed(0)} ms), ${s.messages} signalling messages per join (median of ${ROUNDS})`;
console.log(`ours (on ${HOST}): ${line(ours)}`);
console.log(`peer: ${line(peer)}`);
console.log(`ours/peer first-remote-frame ${(ours.ms / peer.ms).toFixed(2)}`);
console.log(`ours/peer first-remote-frame-script ${(ours.seenMs / peer.seenMs).toFixed(2)}`);
console.log(`ours/peer signalling-messages ${(ours.messages / peer.messages).toFixed(2)}`);
