import { DurableObject } from 'cloudflare:workers';
import {
  type WaitingRoomKind,
  type WaitingRoomServerFrame,
  waitingRoomClientFrame,
} from '../schema/contracts/realtime';
import type { Env } from '../worker/env';
import { readIdentity } from './lib/identity';
import { acceptSocket, attachmentOf, broadcast, enableHeartbeat, openSockets, parseFrame, send } from './lib/sockets';
import { UsedTickets } from './lib/used-tickets';
import { kindForRole, participantsOf, type WaitingSocketState } from './lib/waiting-room-presence';

const refuse = (status: number, message: string) => Response.json({ message, errors: [] }, { status });

/**
 * One per waiting id and tenant (named `${tenantId}:${waitingId}`). Who is waiting lives in the socket
 * attachments, so presence survives hibernation without a write per join.
 */
export class WaitingRoom extends DurableObject<Env> {
  private readonly usedTickets: UsedTickets;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.usedTickets = new UsedTickets(ctx.storage.sql);
    enableHeartbeat(ctx);
  }

  override async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === '/health') return Response.json({ ok: true });
    if (url.pathname !== '/connect') return refuse(404, 'Not found');
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') return refuse(426, 'Expected a WebSocket upgrade');
    const identity = readIdentity(request);
    if (!identity) return refuse(401, 'Missing identity');
    if (!this.usedTickets.claim(identity.ticketId, identity.ticketExp)) {
      return refuse(401, 'This ticket was already used. Ask for a new one.');
    }
    const state: WaitingSocketState = {
      userId: identity.userId,
      name: identity.name,
      kind: kindForRole(identity.role),
      registeredAt: null,
    };
    return acceptSocket(this.ctx, state);
  }

  override webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    const state = attachmentOf<WaitingSocketState>(ws);
    if (!state) return;
    const parsed = parseFrame(waitingRoomClientFrame, message);
    if (!parsed.ok) return this.reply(ws, { type: 'error', message: parsed.message });
    switch (parsed.frame.type) {
      case 'registerToWaitingRoom':
        return this.register(ws, state, parsed.frame.kind);
      case 'unRegisterFromWaitingRoom':
        return this.unregister(ws, state);
      case 'getWaitingRoomConnections':
        return this.reply(ws, { type: 'waitingRoomConnections', participants: this.participants() });
    }
  }

  override webSocketClose(ws: WebSocket) {
    this.leave(ws);
  }

  override webSocketError(ws: WebSocket) {
    this.leave(ws);
  }

  private participants(except?: WebSocket) {
    return participantsOf(openSockets<WaitingSocketState>(this.ctx, except).map((s) => s.state));
  }

  private register(ws: WebSocket, state: WaitingSocketState, requested: WaitingRoomKind | undefined) {
    if (requested && requested !== state.kind) {
      return this.reply(ws, { type: 'error', message: `kind: you can join this waiting room only as ${state.kind}` });
    }
    const alreadyPresent = this.participants().some((p) => p.userId === state.userId);
    if (state.registeredAt === null) ws.serializeAttachment({ ...state, registeredAt: Date.now() });
    const participant = this.participants().find((p) => p.userId === state.userId);
    if (!participant) return;
    const frame: WaitingRoomServerFrame = { type: 'onRegisteredToWaitingRoom', participant };
    // A second tab of someone already waiting is news only to that tab.
    if (alreadyPresent) this.reply(ws, frame);
    else broadcast(this.ctx, frame);
  }

  private unregister(ws: WebSocket, state: WaitingSocketState) {
    if (state.registeredAt === null) return;
    const participant = this.participants().find((p) => p.userId === state.userId);
    ws.serializeAttachment({ ...state, registeredAt: null });
    if (!participant) return;
    const frame: WaitingRoomServerFrame = { type: 'onUnRegisteredFromWaitingRoom', participant };
    if (this.participants().some((p) => p.userId === state.userId)) this.reply(ws, frame);
    else broadcast(this.ctx, frame);
  }

  /** A closed socket takes its registration with it; the others hear only when the user is gone entirely. */
  private leave(ws: WebSocket) {
    const state = attachmentOf<WaitingSocketState>(ws);
    if (!state || state.registeredAt === null) return;
    if (this.participants(ws).some((p) => p.userId === state.userId)) return;
    // This was the user's only registered socket, so its own registration is the whole participant.
    const [participant] = participantsOf([state]);
    if (participant) broadcast(this.ctx, { type: 'onUnRegisteredFromWaitingRoom', participant } satisfies WaitingRoomServerFrame, ws);
  }

  private reply(ws: WebSocket, frame: WaitingRoomServerFrame) {
    send(ws, frame);
  }
}
