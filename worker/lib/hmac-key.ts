/**
 * The HMAC key for a secret, imported once per isolate: every signed-in call checks a token, and importing the key
 * each time cost more than the check. The key itself is kept, not the promise of it, so no request waits on another's.
 */
const keys = new Map<string, CryptoKey>();

export async function hmacKey(secret: string): Promise<CryptoKey> {
  const known = keys.get(secret);
  if (known) return known;
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  keys.set(secret, key);
  return key;
}
