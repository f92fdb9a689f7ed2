import { hmacKey } from '../hmac-key';

/**
 * Binds an SFU session to the member and lesson it was made for: an HMAC of tenant, lesson, user and session id
 * under the Worker's secret. Realtime's own API lets whoever holds the app secret act on any session, so without
 * this a member who learnt another's session id (they are announced in the room) could renegotiate it.
 */
export interface SealScope {
  tenantId: string;
  sectionId: string;
  userId: string;
}

async function hmac(secret: string, text: string) {
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), new TextEncoder().encode(text));
  return [...new Uint8Array(signature)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const material = (scope: SealScope, sessionId: string) => `sfu-session\n${scope.tenantId}\n${scope.sectionId}\n${scope.userId}\n${sessionId}`;

export const sealSession = (secret: string, scope: SealScope, sessionId: string) => hmac(secret, material(scope, sessionId));

/** Constant-time comparison of the seal a browser sent with the one this member's session has. */
export async function sealMatches(secret: string, scope: SealScope, sessionId: string, seal: string) {
  const expected = await sealSession(secret, scope, sessionId);
  if (expected.length !== seal.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ seal.charCodeAt(i);
  return diff === 0;
}
