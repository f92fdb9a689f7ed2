import type { ZodType } from 'zod';
import { readIdentity, type SocketIdentity } from '../../platform/realtime/identity';
import { RT_PING, RT_PONG } from '../../schema/contracts/realtime';
import type { UsedTickets } from './used-tickets';

/**
 * Hibernatable-socket helpers shared by the rooms. Nothing about a connection lives only in memory:
 * each socket's state is its attachment, so after a wake `ctx.getWebSockets()` is the whole picture.
 */

/** Frames are small JSON commands; anything bigger is a mistake or abuse. */
const MAX_FRAME_CHARS = 16 * 1024;

/** Answers `ping` with `pong` in the runtime itself, so heartbeats never wake a hibernated room. */
export function enableHeartbeat(ctx: DurableObjectState) {
  ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(RT_PING, RT_PONG));
}

/** A refusal in the API's `{message, errors}` shape, so a client reads a room's answer like any other. */
export const refuse = (status: number, message: string) => Response.json({ message, errors: [] }, { status });

export type Admission<C> = { ok: true; identity: SocketIdentity; connection: C } | { ok: false; refusal: Response };

const refused = (status: number, message: string) => ({ ok: false, refusal: refuse(status, message) }) as const;

/**
 * The first step of every room's connect: only a WebSocket upgrade on `/connect`, carrying the identity (and, for
 * rooms that are told more, the connection) the Worker decided, with a ticket this room has not seen before.
 */
export function admit(request: Request, tickets: UsedTickets): Admission<null>;
export function admit<C>(request: Request, tickets: UsedTickets, readConnection: (request: Request) => C | null): Admission<C>;
export function admit<C>(request: Request, tickets: UsedTickets, readConnection?: (request: Request) => C | null): Admission<C | null> {
  if (new URL(request.url).pathname !== '/connect') return refused(404, 'Not found');
  if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') return refused(426, 'Expected a WebSocket upgrade');
  const identity = readIdentity(request);
  const connection = readConnection ? readConnection(request) : null;
  if (!identity || (readConnection && !connection)) return refused(401, 'Missing identity');
  if (!tickets.claim(identity.ticketId, identity.ticketExp)) return refused(401, 'This ticket was already used. Ask for a new one.');
  return { ok: true, identity, connection };
}

/** Accepts a hibernatable socket carrying `attachment`: the server end, and the 101 response for the client. */
export function acceptSocket<A>(ctx: DurableObjectState, attachment: A): { socket: WebSocket; response: Response } {
  const { 0: client, 1: server } = new WebSocketPair();
  ctx.acceptWebSocket(server);
  server.serializeAttachment(attachment);
  return { socket: server, response: new Response(null, { status: 101, webSocket: client }) };
}

export const attachmentOf = <A>(ws: WebSocket) => ws.deserializeAttachment() as A | null;

/** Open sockets with their attachments; a socket mid-close is no longer part of the room. */
export function openSockets<A>(ctx: DurableObjectState, except?: WebSocket) {
  const result: { ws: WebSocket; state: A }[] = [];
  for (const ws of ctx.getWebSockets()) {
    if (ws === except || ws.readyState !== WebSocket.OPEN) continue;
    const state = attachmentOf<A>(ws);
    if (state) result.push({ ws, state });
  }
  return result;
}

export function send(ws: WebSocket, frame: unknown) {
  try {
    ws.send(JSON.stringify(frame));
  } catch {
    // The peer went away between the readyState check and the send; its close handler tidies up.
  }
}

export function broadcast(ctx: DurableObjectState, frame: unknown, except?: WebSocket) {
  const text = JSON.stringify(frame);
  for (const { ws } of openSockets(ctx, except)) {
    try {
      ws.send(text);
    } catch {
      // As in send(): a socket closing concurrently is not an error for the others.
    }
  }
}

export type ParsedFrame<T> = { ok: true; frame: T } | { ok: false; message: string };

/** Validates a client frame; the failure message names the field and never carries a stack. */
export function parseFrame<T>(schema: ZodType<T>, message: string | ArrayBuffer): ParsedFrame<T> {
  if (typeof message !== 'string') return { ok: false, message: 'Frames must be JSON text' };
  if (message.length > MAX_FRAME_CHARS) return { ok: false, message: `Frames are limited to ${MAX_FRAME_CHARS} characters` };
  let data: unknown;
  try {
    data = JSON.parse(message);
  } catch {
    return { ok: false, message: 'Frames must be JSON objects with a type' };
  }
  const result = schema.safeParse(data);
  if (result.success) return { ok: true, frame: result.data };
  const issue = result.error.issues[0];
  const path = issue?.path.map(String).join('.') || 'frame';
  return { ok: false, message: `Invalid frame: ${path}: ${issue?.message ?? 'invalid'}` };
}
