import WebSocket from 'ws';
import type * as Y from 'yjs';
import { type ChatMessage, chatCourseRoom, type ParsedServerFrame } from '../../schema/contracts/chat';
import { docRoomName } from '../../schema/contracts/realtime';
import { ChatConnection } from '../../web/features/chat/chat-connection';
import { memoryOutbox, type Outbox } from '../../web/features/chat/outbox';
import { DocConnection } from '../../web/features/lesson-rooms/doc-connection';

/**
 * The web app's own chat and document clients (ChatConnection with its outbox and resend, DocConnection with its
 * confirmation markers), run in Node against the real server. What the app counts as acknowledged is what is
 * counted here: a chat message leaves the outbox, a document edit stops being "not yet synced".
 */

/**
 * `ws` offers permessage-deflate, which Miniflare's entry worker accepts whatever the flags say; the product ships
 * with `no_web_socket_compression`, so these clients do not offer it (as in bench/chat and bench/docs).
 */
class UncompressedWebSocket extends WebSocket {
  constructor(address: string, protocols?: string | string[]) {
    super(address, protocols, { perMessageDeflate: false });
  }
}
const SocketImpl = UncompressedWebSocket as unknown as typeof globalThis.WebSocket;

/** Sign-in and tickets go to the server directly: only the sockets cross the fault proxy. */
export class Api {
  private readonly tokens = new Map<string, string>();

  constructor(readonly origin: string) {}

  async signIn(email: string) {
    const body = new URLSearchParams({ client_id: 'studyhall-web', grant_type: 'password', username: `login:${email}`, password: 'studyhall-demo' });
    const res = await fetch(`${this.origin}/api/oauth/token`, { method: 'POST', body });
    if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
    this.tokens.set(email, ((await res.json()) as { access_token: string }).access_token);
  }

  async ticket(email: string, room: string) {
    const res = await fetch(`${this.origin}/api/rt/tickets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.tokens.get(email)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ room }),
    });
    if (!res.ok) throw new Error(`ticket for ${room}: ${res.status}`);
    return ((await res.json()) as { ticket: string }).ticket;
  }
}

export interface Endpoint {
  api: Api;
  /** Where the sockets go: the server, or the fault proxy in front of it. */
  socketOrigin: string;
}

const wsOrigin = (origin: string) => origin.replace(/^http/, 'ws');

/** Reconnects come back within 2 s at most (the app waits up to 15 s), so a run spends its time on traffic. */
const RECONNECT = { baseDelayMs: 250, maxDelayMs: 2000 };

export class ChatClient {
  readonly connection: ChatConnection;
  /** clientId → body, for every message handed to the connection. */
  readonly sent = new Map<string, string>();
  readonly acknowledged = new Set<string>();
  private readonly frames: ((frame: ParsedServerFrame) => void)[] = [];

  constructor(
    endpoint: Endpoint,
    readonly email: string,
    courseId: string,
  ) {
    const room = chatCourseRoom(courseId);
    const outbox = memoryOutbox();
    const tracked: Outbox = {
      ...outbox,
      remove: (clientId) => {
        this.acknowledged.add(clientId);
        return outbox.remove(clientId);
      },
    };
    this.connection = new ChatConnection({
      mode: 'user',
      room,
      url: async () => `${wsOrigin(endpoint.socketOrigin)}/api/rt/chat/course/${courseId}?ticket=${await endpoint.api.ticket(email, room)}`,
      outbox: tracked,
      onFrame: (frame) => {
        for (const listener of this.frames) listener(frame);
      },
      onState: () => undefined,
      onPending: () => undefined,
      socket: { WebSocketImpl: SocketImpl, ...RECONNECT },
    });
  }

  /** Connects; resolves once the room has verified the first connection. */
  start() {
    const verified = this.next((frame) => (frame.op === 'verified' ? true : undefined), 180_000);
    this.connection.start();
    return verified;
  }

  stop() {
    this.connection.stop();
  }

  send(conversationId: string, clientId: string) {
    const body = `chaos ${clientId}`;
    this.sent.set(clientId, body);
    void this.connection.sendMessage(conversationId, body, clientId);
  }

  get unacknowledged() {
    return this.sent.size - [...this.sent.keys()].filter((id) => this.acknowledged.has(id)).length;
  }

  /** The next frame `pick` accepts, once the connection is verified (sooner frames are missed). */
  next<T>(pick: (frame: ParsedServerFrame) => T | undefined, timeoutMs = 60_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.frames.splice(this.frames.indexOf(listener), 1);
        reject(new Error(`${this.email}: no awaited chat frame within ${timeoutMs} ms`));
      }, timeoutMs);
      const listener = (frame: ParsedServerFrame) => {
        const value = pick(frame);
        if (value === undefined) return;
        clearTimeout(timer);
        this.frames.splice(this.frames.indexOf(listener), 1);
        resolve(value);
      };
      this.frames.push(listener);
    });
  }

  /** The conversation of `others` and this client's user, started if it is new. */
  async conversationWith(others: string[]) {
    const created = this.next((frame) => (frame.op === 'created' ? frame.payload.conversation._id : undefined));
    this.connection.emit('start', { users: others });
    return created;
  }

  /** The whole conversation as the room stores it, through its own history frames, newest page first. */
  async history(conversationId: string) {
    const messages: ChatMessage[] = [];
    let beforeSeq: number | undefined;
    for (;;) {
      const page = this.next((frame) => (frame.op === 'messages' && frame.payload.conversationId === conversationId ? frame.payload : undefined));
      this.connection.emit('history', { conversationId, limit: 200, ...(beforeSeq === undefined ? {} : { beforeSeq }) });
      const { messages: older, hasMore } = await page;
      messages.unshift(...older);
      if (!hasMore || older.length === 0) return messages;
      beforeSeq = older[0]!.seq;
    }
  }
}

const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
};

/** The edits go into a text of their own in the lesson's notes document; the editor's fragment is left alone. */
export const CHAOS_TEXT = 'chaos';

export class DocClient {
  readonly connection: DocConnection;
  /** Marker texts in the order they were written; the first `acknowledgedCount` of them are confirmed. */
  readonly edits: string[] = [];
  /** Synced at least once: on a lossy link some connection is always down, so "all synced at once" may never be. */
  everSynced = false;

  constructor(endpoint: Endpoint, email: string, name: string) {
    this.connection = new DocConnection({
      name,
      serverUrl: `${wsOrigin(endpoint.socketOrigin)}/api/rt/docs`,
      fetchTicket: () => endpoint.api.ticket(email, docRoomName(name)),
      WebSocketImpl: SocketImpl,
      // The device copy is this object's own Y.Doc: it lives as long as the client, across every reconnect.
      localStore: () => ({ whenSynced: Promise.resolve(), destroy: () => undefined }),
      storage: memoryStorage(),
    });
    this.connection.provider.maxBackoffTime = RECONNECT.maxDelayMs;
    this.connection.provider.on('sync', (synced: boolean) => {
      if (synced) this.everSynced = true;
    });
  }

  get doc(): Y.Doc {
    return this.connection.doc;
  }

  /** One edit, one update: the marker on a line of its own at the start or the end, so no edit splits another. */
  edit(marker: string) {
    this.edits.push(marker);
    const text = this.doc.getText(CHAOS_TEXT);
    this.doc.transact(() => {
      if (Math.random() < 0.5) text.insert(0, `${marker}\n`);
      else text.insert(text.length, `${marker}\n`);
    });
  }

  get acknowledgedCount() {
    return this.edits.length - this.connection.getState().pending;
  }

  get synced() {
    return this.connection.provider.synced;
  }

  destroy() {
    this.connection.destroy();
  }
}
