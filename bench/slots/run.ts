import { performance } from 'node:perf_hooks';
import type { Tally } from './counting-d1';
import { DAYS, LESSONS, monthInputs, naiveMonth, oursMonth } from './one-tutor';
import { guestToken, oursTwenty, perTutorTwenty, timed, trialRequest, twentyTutorSetup } from './twenty-tutors';

/**
 * `npm run bench -- slots`. One tutor: a month of slots (31 one-day searches, 15-minute steps, 500 booked lessons)
 * with the production code against a textbook per-slot overlap scan, rounds alternating so CPU drift hits both.
 * Twenty tutors: reading what a trial request needs from a real local D1, in one batch against tutor by tutor,
 * with every D1 round trip and statement counted at the binding; then the whole HTTP call through the Worker.
 */
const WARMUP = 5;
const ROUNDS = 60;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
const tally = (): Tally => ({ trips: 0, statements: [] });

const month = monthInputs();
const ours = oursMonth(month);
const peer = naiveMonth(month);
if (JSON.stringify(ours) !== JSON.stringify(peer)) throw new Error('the production slots and the naive scan disagree');
for (let i = 0; i < WARMUP; i++) {
  oursMonth(month);
  naiveMonth(month);
}
const oursMs: number[] = [];
const peerMs: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  let start = performance.now();
  oursMonth(month);
  oursMs.push(performance.now() - start);
  start = performance.now();
  naiveMonth(month);
  peerMs.push(performance.now() - start);
}
console.log(
  `one tutor: ${DAYS} days of slots, 15-minute steps, ${LESSONS} booked lessons, ${ours.length} free starts, ${ROUNDS} rounds, Node ${process.version}`,
);
console.log(`  ours  worker/lib/availability/slots.ts freeSlots × ${DAYS} days   median ${fmt(quantile(oursMs, 0.5))}  p95 ${fmt(quantile(oursMs, 0.95))}`);
console.log(`  peer  naive per-slot overlap scan over the month     median ${fmt(quantile(peerMs, 0.5))}  p95 ${fmt(quantile(peerMs, 0.95))}`);
console.log(
  `ours/peer one-tutor-month median ${(quantile(oursMs, 0.5) / quantile(peerMs, 0.5)).toFixed(2)} p95 ${(quantile(oursMs, 0.95) / quantile(peerMs, 0.95)).toFixed(2)}  (target: p95 ≤ 20 ms)`,
);

const setup = await twentyTutorSetup();
try {
  const oursCount = tally();
  const peerCount = tally();
  const oursSlots = await oursTwenty(setup, oursCount);
  const peerSlots = await perTutorTwenty(setup, peerCount);
  if (JSON.stringify(oursSlots) !== JSON.stringify(peerSlots)) throw new Error('batched and per-tutor reads disagree');
  const twentyOurs: number[] = [];
  const twentyPeer: number[] = [];
  for (let i = 0; i < 20; i++) {
    twentyOurs.push((await timed(() => oursTwenty(setup, tally()))).ms);
    twentyPeer.push((await timed(() => perTutorTwenty(setup, tally()))).ms);
  }
  console.log(`\ntwenty tutors, one trial day, ${oursSlots.length} free starts, real local D1 (workerd via wrangler's platform proxy)`);
  console.log(
    `  ours  slotSources: one D1 batch   median ${fmt(quantile(twentyOurs, 0.5))}  p95 ${fmt(quantile(twentyOurs, 0.95))}  ${oursCount.trips} round trip(s), ${oursCount.statements.length} statements`,
  );
  console.log(
    `  peer  the same reads per tutor    median ${fmt(quantile(twentyPeer, 0.5))}  p95 ${fmt(quantile(twentyPeer, 0.95))}  ${peerCount.trips} round trips, ${peerCount.statements.length} statements`,
  );
  console.log(
    `ours/peer twenty-tutors median ${(quantile(twentyOurs, 0.5) / quantile(twentyPeer, 0.5)).toFixed(2)} round-trips ${(oursCount.trips / peerCount.trips).toFixed(2)}`,
  );

  const token = await guestToken(setup);
  const request = tally();
  const answer = await trialRequest(setup, request, token);
  const requestMs: number[] = [];
  for (let i = 0; i < 20; i++) requestMs.push((await timed(() => trialRequest(setup, tally(), token))).ms);
  const middleware = request.statements.filter((s) => /from "(tenants|sessions)"/.test(s)).length;
  console.log(
    `  whole POST /user-availability/slots/trial (${answer.length} slots): median ${fmt(quantile(requestMs, 0.5))} p95 ${fmt(quantile(requestMs, 0.95))}, ` +
      `${request.trips} D1 round trips / ${request.statements.length} statements, of which ${middleware} are the tenant and session checks every call makes  (target: ≤ 100 ms, ≤ 3 queries)`,
  );
} finally {
  await setup.proxy.dispose();
}
