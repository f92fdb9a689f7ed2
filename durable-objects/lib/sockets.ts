import type { ZodType } from 'zod';
import { RT_PING, RT_PONG } from '../../schema/contracts/realtime';

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

/** Accepts a hibernatable socket carrying `attachment` and returns the 101 response for the client. */
export function acceptSocket<A>(ctx: DurableObjectState, attachment: A): Response {
  const { 0: client, 1: server } = new WebSocketPair();
  ctx.acceptWebSocket(server);
  server.serializeAttachment(attachment);
  return new Response(null, { status: 101, webSocket: client });
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
