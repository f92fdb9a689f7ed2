import { sign, verify } from 'hono/jwt';
import { hmacKey } from '../hmac-key';

/** A ticket travels in a URL (browsers cannot set headers on WebSockets), so it lives only long enough to connect. */
export const TICKET_TTL_SECONDS = 60;

/** Audience that keeps tickets and access tokens from standing in for each other. */
const TICKET_AUDIENCE = 'studyhall-rt';

export interface TicketClaims {
  /** user id */
  sub: string;
  /** tenant id */
  tid: string;
  role: string;
  name: string;
  /** the one room this ticket opens, e.g. `waiting-room/<waitingId>` */
  room: string;
}

export interface VerifiedTicket extends TicketClaims {
  /** ticket id, so a room can refuse a second connection with the same ticket */
  jti: string;
  /** expiry, seconds since the epoch */
  exp: number;
}

export async function signTicket(secret: string, claims: TicketClaims, now = Date.now()) {
  const iat = Math.floor(now / 1000);
  return sign({ ...claims, aud: TICKET_AUDIENCE, jti: crypto.randomUUID(), iat, exp: iat + TICKET_TTL_SECONDS }, await hmacKey(secret), 'HS256');
}

/** Returns the claims, or null for a ticket that is malformed, forged, expired or not a ticket at all. */
export async function verifyTicket(secret: string, ticket: string): Promise<VerifiedTicket | null> {
  try {
    const payload = (await verify(ticket, await hmacKey(secret), { alg: 'HS256', aud: TICKET_AUDIENCE })) as Record<string, unknown>;
    const { sub, tid, role, name, room, jti, exp, aud } = payload;
    if (aud !== TICKET_AUDIENCE) return null;
    if (typeof sub !== 'string' || typeof tid !== 'string' || typeof role !== 'string' || typeof name !== 'string') return null;
    if (typeof room !== 'string' || typeof jti !== 'string' || typeof exp !== 'number') return null;
    return { sub, tid, role, name, room, jti, exp };
  } catch {
    return null;
  }
}
