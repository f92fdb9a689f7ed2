import {
  RT_PING,
  type WaitingRoomClientFrame,
  type WaitingRoomParticipant,
  type WaitingRoomServerFrame,
  waitingRoomName,
} from '../../../schema/contracts/realtime';
import { fetchTicket, ticketedUrl } from '../../lib/realtime/tickets';

export type ConnectionStatus = 'connecting' | 'live' | 'reconnecting' | 'closed';

export interface WaitingRoomHandlers {
  onStatus(status: ConnectionStatus): void;
  onParticipants(participants: WaitingRoomParticipant[]): void;
  onRegistered(participant: WaitingRoomParticipant): void;
  onUnRegistered(participant: WaitingRoomParticipant): void;
  onStarted(frame: Extract<WaitingRoomServerFrame, { type: 'meetingStarted' }>): void;
  onClosed(): void;
}

export interface ConnectionDeps {
  ticket(room: string): Promise<string>;
  open(url: string): WebSocket;
  setTimer(run: () => void, ms: number): () => void;
}

const defaultDeps: ConnectionDeps = {
  ticket: fetchTicket,
  open: (url) => new WebSocket(url),
  setTimer: (run, ms) => {
    const id = setTimeout(run, ms);
    return () => clearTimeout(id);
  },
};

/** Reconnect delays: quick at first, then every 15 s while the page stays open. */
export const RETRY_DELAYS_MS = [500, 1000, 2000, 5000, 15_000];
/** Keeps proxies from dropping an idle socket; the room answers without waking up. */
export const PING_EVERY_MS = 25_000;

/**
 * The waiting-room connection (spec 1 section 4): connected by hand, it registers on every (re)connect and reports
 * registrations, unregistrations and the start. Socket errors go to the console only; an emit while not connected is
 * a console warning and the event is dropped (spec 1 section 8).
 */
export class WaitingRoomConnection {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private stopped = true;
  private cancelTimer: (() => void) | null = null;
  private cancelPing: (() => void) | null = null;

  constructor(
    private readonly waitingId: string,
    private readonly handlers: WaitingRoomHandlers,
    private readonly deps: ConnectionDeps = defaultDeps,
  ) {}

  connect() {
    if (!this.stopped) return;
    this.stopped = false;
    this.handlers.onStatus('connecting');
    void this.open();
  }

  disconnect() {
    if (this.stopped) return;
    if (this.socket?.readyState === WebSocket.OPEN) this.emit({ type: 'unRegisterFromWaitingRoom' });
    this.stop();
    this.handlers.onStatus('closed');
  }

  emit(frame: WaitingRoomClientFrame) {
    if (this.socket?.readyState !== WebSocket.OPEN) {
      console.warn(`Waiting room not connected; ${frame.type} dropped`);
      return;
    }
    this.socket.send(JSON.stringify(frame));
  }

  private stop() {
    this.stopped = true;
    this.cancelTimer?.();
    this.cancelPing?.();
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'left');
  }

  private async open() {
    let ticket: string;
    try {
      ticket = await this.deps.ticket(waitingRoomName(this.waitingId));
    } catch (error) {
      console.error('Waiting room ticket failed', error);
      return this.retry();
    }
    if (this.stopped) return;
    const socket = this.deps.open(ticketedUrl(`/rt/waiting-room/${encodeURIComponent(this.waitingId)}`, ticket));
    this.socket = socket;
    socket.addEventListener('open', () => {
      this.attempt = 0;
      this.handlers.onStatus('live');
      this.emit({ type: 'registerToWaitingRoom' });
      this.emit({ type: 'getWaitingRoomConnections' });
      this.ping();
    });
    socket.addEventListener('message', (event) => this.receive(event.data));
    socket.addEventListener('error', (event) => console.error('Waiting room socket error', event));
    socket.addEventListener('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.cancelPing?.();
      this.retry();
    });
  }

  private ping() {
    this.cancelPing = this.deps.setTimer(() => {
      if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(RT_PING);
      this.ping();
    }, PING_EVERY_MS);
  }

  private retry() {
    if (this.stopped) return;
    this.handlers.onStatus('reconnecting');
    const delay = RETRY_DELAYS_MS[Math.min(this.attempt, RETRY_DELAYS_MS.length - 1)]!;
    this.attempt += 1;
    this.cancelTimer = this.deps.setTimer(() => void this.open(), delay);
  }

  private receive(data: unknown) {
    if (typeof data !== 'string' || data === 'pong') return;
    let frame: WaitingRoomServerFrame;
    try {
      frame = JSON.parse(data) as WaitingRoomServerFrame;
    } catch {
      return;
    }
    switch (frame.type) {
      case 'waitingRoomConnections':
        return this.handlers.onParticipants(frame.participants);
      case 'onRegisteredToWaitingRoom':
        return this.handlers.onRegistered(frame.participant);
      case 'onUnRegisteredFromWaitingRoom':
        return this.handlers.onUnRegistered(frame.participant);
      case 'meetingStarted':
        return this.handlers.onStarted(frame);
      case 'waitingRoomClosed':
        this.stop();
        this.handlers.onStatus('closed');
        return this.handlers.onClosed();
      case 'error':
        console.error('Waiting room:', frame.message);
    }
  }
}
