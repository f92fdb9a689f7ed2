import { pbkdf2Sync, timingSafeEqual } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from '../../worker/lib/passwords';

/**
 * `npm run bench`: our sign-in password check (worker/lib/passwords.ts, WebCrypto PBKDF2-SHA256) against Node's
 * native `crypto.pbkdf2Sync` with the same iterations, salt and key length, measured in the same run.
 * Rounds alternate between the two so drift in CPU speed hits both alike; medians resist outliers.
 * The ratio is what WebCrypto's async path plus our parsing and constant-time compare cost over the bare native KDF;
 * WebCrypto is what workerd offers, so it is the price of running the same code in the Worker and in the seed.
 */
const WARMUP = 3;
const ROUNDS = 25;
const password = 'studyhall-demo';

const stored = await hashPassword(password);
const [, , , saltB64, hashB64] = stored.split('$');
const salt = Buffer.from(saltB64!, 'base64');
const expected = Buffer.from(hashB64!, 'base64');

async function ours() {
  if (!(await verifyPassword(password, stored))) throw new Error('our verify rejected the right password');
}

function peer() {
  const derived = pbkdf2Sync(password, salt, PBKDF2_ITERATIONS, expected.length, 'sha256');
  if (!timingSafeEqual(derived, expected)) throw new Error('pbkdf2Sync disagrees with our hash');
}

async function time(fn: () => unknown) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

for (let i = 0; i < WARMUP; i++) {
  await ours();
  peer();
}
const oursMs: number[] = [];
const peerMs: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  oursMs.push(await time(ours));
  peerMs.push(await time(peer));
}

const o = median(oursMs);
const p = median(peerMs);
console.log(`password verify, PBKDF2-SHA256 × ${PBKDF2_ITERATIONS.toLocaleString('en')} iterations, ${ROUNDS} rounds each, Node ${process.version}`);
console.log(`  ours  worker/lib/passwords.ts verifyPassword   median ${o.toFixed(2)} ms`);
console.log(`  peer  node:crypto pbkdf2Sync                   median ${p.toFixed(2)} ms`);
console.log(`ours/peer password-verify ${(o / p).toFixed(2)}`);
