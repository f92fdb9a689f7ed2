import {
  type ChatMessage,
  type ChatMode,
  type ClientOp,
  type ClientPayload,
  clientFrame,
  type ParsedServerFrame,
  parseServerFrame,
} from '../../../schema/contracts/chat';
import { type ConnectionState, ReconnectingSocket, type SocketOptions } from '../../lib/realtime/reconnecting-socket';
import type { Outbox, OutboxEntry } from './outbox';

export interface ChatConnectionOptions {
  mode: ChatMode;
  /** The ticket room, e.g. `chat-course/<courseId>`; also the outbox's key. */
  room: string;
  url: () => Promise<string>;
  outbox: Outbox;
  onFrame: (frame: ParsedServerFrame) => void;
  onState: (state: ConnectionState) => void;
  /** The messages still waiting to be acknowledged, after every change. */
  onPending: (entries: OutboxEntry[]) => void;
  socket?: Pick<SocketOptions, 'WebSocketImpl' | 'baseDelayMs' | 'maxDelayMs' | 'random'>;
}

/**
 * One chat room's connection. It resumes from the last sequence number it saw, so a reconnect misses nothing; a
 * message goes to the outbox before it is sent and leaves it only when the room acknowledges it (a stored message
 * echoed back with its client id), so one written offline is sent on reconnect and stored once. Other emits while
 * disconnected are dropped with a console warning, as the spec says.
 */
export class ChatConnection {
  private readonly socket: ReconnectingSocket;
  private userId: string | null = null;
  lastSeq = 0;

  constructor(private readonly options: ChatConnectionOptions) {
    this.socket = new ReconnectingSocket({
      ...options.socket,
      url: options.url,
      onOpen: () => this.opened(),
      onText: (text) => this.received(text),
      onState: options.onState,
    });
  }

  get state() {
    return this.socket.state;
  }

  start() {
    this.socket.start();
    void this.publishPending();
  }

  stop() {
    this.socket.stop();
  }

  emit<Op extends Exclude<ClientOp, 'send'>>(op: Op, payload: ClientPayload<Op>): boolean {
    const frame = clientFrame(this.options.mode, op, payload);
    if (this.socket.send(JSON.stringify(frame))) return true;
    console.warn(`chat: not connected, ${frame.type} dropped`);
    return false;
  }

  /** Queues the message in the outbox, then sends it if connected; it is shown as pending until acknowledged. */
  async sendMessage(conversationId: string, message: string, clientId: string = crypto.randomUUID()) {
    const entry: OutboxEntry = { room: this.options.room, conversationId, clientId, message, createdAt: new Date().toISOString() };
    await this.options.outbox.put(entry);
    await this.publishPending();
    this.socket.send(JSON.stringify(clientFrame(this.options.mode, 'send', { conversationId, clientId, message })));
    return entry;
  }

  private opened() {
    const resume = this.lastSeq > 0 ? { lastSeq: this.lastSeq } : {};
    this.socket.send(JSON.stringify(clientFrame(this.options.mode, 'verify', resume)));
  }

  private async flushOutbox() {
    for (const entry of await this.options.outbox.list(this.options.room)) {
      const { conversationId, clientId, message } = entry;
      this.socket.send(JSON.stringify(clientFrame(this.options.mode, 'send', { conversationId, clientId, message })));
    }
  }

  private received(text: string) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      console.error('chat: a frame that is not JSON', text);
      return;
    }
    const parsed = parseServerFrame(this.options.mode, data);
    if (!parsed.ok) {
      console.error('chat:', parsed.message);
      return;
    }
    const frame = parsed.value;
    if (frame.op === 'verified') {
      this.userId = frame.payload.userId;
      this.socket.healthy();
      void this.flushOutbox();
    }
    if (frame.op === 'message') void this.acknowledged([frame.payload.message]);
    if (frame.op === 'messages' && frame.payload.conversationId === null) void this.acknowledged(frame.payload.messages);
    this.options.onFrame(frame);
  }

  private async acknowledged(messages: ChatMessage[]) {
    for (const message of messages) this.lastSeq = Math.max(this.lastSeq, message.seq);
    const mine = messages.filter((m) => m.sender._id === this.userId);
    if (mine.length === 0) return;
    for (const message of mine) await this.options.outbox.remove(message.clientId);
    await this.publishPending();
  }

  private async publishPending() {
    this.options.onPending(await this.options.outbox.list(this.options.room));
  }
}
