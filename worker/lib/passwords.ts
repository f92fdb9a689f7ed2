/**
 * Password hashes: PBKDF2-SHA256 through WebCrypto, so the same code runs in workerd and in Node (the seed).
 * Stored as `pbkdf2-sha256$v1$<iterations>$<salt b64>$<hash b64>`; the version and iteration count travel
 * with each hash so a stronger scheme can replace it on the user's next sign-in (see needsRehash).
 */

/** Cloudflare Workers refuse PBKDF2 above 100,000 iterations, so this is the platform's maximum. */
export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;
const SCHEME = 'pbkdf2-sha256';
const VERSION = 'v1';

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string) {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, PBKDF2_ITERATIONS);
  return [SCHEME, VERSION, PBKDF2_ITERATIONS, toBase64(salt), toBase64(hash)].join('$');
}

function parse(stored: string) {
  const [scheme, version, iterations, salt, hash, ...rest] = stored.split('$');
  if (scheme !== SCHEME || version !== VERSION || rest.length || !iterations || !salt || !hash) return null;
  const count = Number(iterations);
  if (!Number.isInteger(count) || count < 1 || count > PBKDF2_ITERATIONS) return null;
  try {
    return { iterations: count, salt: fromBase64(salt), hash: fromBase64(hash) };
  } catch {
    return null;
  }
}

/** Compares every byte whatever the first difference, so timing says nothing about how close a guess was. */
function timingSafeEqual(a: Uint8Array, b: Uint8Array) {
  let diff = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ (b[i] ?? 0);
  return diff === 0;
}

export async function verifyPassword(password: string, stored: string) {
  const parsed = parse(stored);
  if (!parsed) return false;
  const candidate = await derive(password, parsed.salt, parsed.iterations);
  return timingSafeEqual(candidate, parsed.hash);
}

/** True when a hash was made with older settings and should be replaced after a successful sign-in. */
export function needsRehash(stored: string) {
  const parsed = parse(stored);
  return !parsed || parsed.iterations !== PBKDF2_ITERATIONS || parsed.salt.length !== SALT_BYTES;
}

/** A real hash of nothing anyone knows, so an unknown email costs the same time as a wrong password. */
export const DUMMY_HASH = `${SCHEME}$${VERSION}$${PBKDF2_ITERATIONS}$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;
