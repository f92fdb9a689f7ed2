import { sign, verify } from 'hono/jwt';
import { hmacKey } from './hmac-key';

/** Access tokens live one hour; the sessions table lets a sign-out or password reset end them sooner. */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;

export interface AccessClaims {
  /** user id */
  sub: string;
  /** tenant id: a token is only good on the tenant that issued it */
  tid: string;
  /** session id */
  sid: string;
  role: string;
  guest: boolean;
  /** The admin acting as this user (log-in-as-user); the middleware checks it against the session row. */
  imp?: string;
}

export async function signAccessToken(secret: string, claims: AccessClaims, now = Date.now()) {
  const iat = Math.floor(now / 1000);
  const token = await sign({ ...claims, iat, exp: iat + ACCESS_TOKEN_TTL_SECONDS }, await hmacKey(secret), 'HS256');
  return { token, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}

/** Returns the claims, or null for a token that is malformed, forged or expired. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  try {
    const payload = await verify(token, await hmacKey(secret), 'HS256');
    const { sub, tid, sid, role, guest, imp } = payload as Record<string, unknown>;
    if (typeof sub !== 'string' || typeof tid !== 'string' || typeof sid !== 'string' || typeof role !== 'string') return null;
    if (imp !== undefined && typeof imp !== 'string') return null;
    return { sub, tid, sid, role, guest: guest === true, ...(imp === undefined ? {} : { imp }) };
  } catch {
    return null;
  }
}
