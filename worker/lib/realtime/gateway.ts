import { and, eq } from 'drizzle-orm';
import { ApiError } from '../../../platform/errors';
import { encodeIdentity, IDENTITY_HEADER } from '../../../platform/realtime/identity';
import type { RtTicketRequest } from '../../../schema/contracts/realtime';
import { users } from '../../../schema/tables';
import type { Actor } from '../../env';
import type { TenantDb } from '../tenant-db';
import { signTicket, type VerifiedTicket, verifyTicket } from './tickets';

/**
 * The one way into a live room. Browsers cannot set headers on a WebSocket, so a signed-in client first trades its
 * access token for a short ticket naming one room, then connects with `?ticket=`. The Worker checks the ticket and
 * the caller's membership before any Durable Object sees the request, and hands the object the verified identity.
 */

/** The answer to a socket route asked without an upgrade; null when the request is one. */
export function upgradeRequired(request: Request): Response | null {
  if (request.headers.get('upgrade')?.toLowerCase() === 'websocket') return null;
  return Response.json({ message: 'Expected a WebSocket upgrade', errors: [] }, { status: 426 });
}

/** A ticket for the caller's own user (never a guest: the route refuses those), good for one connection to `room`. */
export async function issueTicket(tdb: TenantDb, actor: Actor, input: RtTicketRequest & { secret: string }) {
  const user = await tdb.db
    .select({ firstname: users.firstname, lastname: users.lastname, email: users.email })
    .from(users)
    .where(and(eq(users._id, actor.userId), eq(users.tenantId, tdb.tenantId)))
    .get();
  if (!user) throw new ApiError(401, 'Your session has expired. Please sign in again.');
  const name = `${user.firstname} ${user.lastname}`.trim() || (user.email ?? '');
  return signTicket(input.secret, { sub: actor.userId, tid: tdb.tenantId, role: actor.role, name, room: input.room });
}

/** The verified ticket if it is this tenant's and opens `room` (given the ticket's user, for rooms named by them). */
export async function checkTicket(input: { secret: string; tenantId: string; ticket: string; room: string | ((userId: string) => string) }) {
  const ticket = await verifyTicket(input.secret, input.ticket);
  const room = ticket && (typeof input.room === 'string' ? input.room : input.room(ticket.sub));
  if (!ticket || ticket.tid !== input.tenantId || ticket.room !== room) {
    throw new ApiError(401, 'This live connection needs a fresh ticket. Please reconnect.');
  }
  return ticket;
}

/** The ticket stands for the signed-in user; a parent acting for a child gets a ticket of their own and no seat. */
export const ticketActor = (ticket: VerifiedTicket): Actor => ({
  userId: ticket.sub,
  actingUserId: ticket.sub,
  role: ticket.role,
  sessionId: '',
  isGuest: false,
});

/**
 * Hands the socket to its object: a fresh request, so nothing the client sent (least of all an identity header)
 * reaches it, carrying the identity and whatever else the Worker decided about this connection.
 */
export function handOff(room: { fetch(url: string, init: RequestInit): Promise<Response> }, ticket: VerifiedTicket, headers: Record<string, string> = {}) {
  const identity = encodeIdentity({
    userId: ticket.sub,
    tenantId: ticket.tid,
    role: ticket.role,
    name: ticket.name,
    ticketId: ticket.jti,
    ticketExp: ticket.exp,
  });
  return room.fetch('https://room/connect', { headers: { upgrade: 'websocket', [IDENTITY_HEADER]: identity, ...headers } });
}
