import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ParsedServerFrame } from '../../schema/contracts/chat';
import { ChatConnection } from '../../web/features/chat/chat-connection';
import { applyFrame, emptyChatState, pendingReceipt, seenBy, tickOf } from '../../web/features/chat/chat-state';
import { memoryOutbox, type OutboxEntry } from '../../web/features/chat/outbox';
import { backoffDelay, type ConnectionState } from '../../web/lib/realtime/reconnecting-socket';

/** A socket the test plays the server for. */
class FakeSocket extends EventTarget {
  static all: FakeSocket[] = [];
  readonly sent: Record<string, unknown>[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }
  close() {
    this.dispatchEvent(new Event('close'));
  }
  open() {
    this.dispatchEvent(new Event('open'));
  }
  server(frame: object) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
  static last() {
    return FakeSocket.all.at(-1)!;
  }
}

const me = { _id: 'me', firstname: 'Sam', lastname: 'Lee', avatar: null };
const theo = { _id: 'theo', firstname: 'Theo', lastname: 'Tan', avatar: null };

function message(
  seq: number,
  sender = theo,
  clientId = `c${seq}`,
  status: ChatMessage['status'] = [{ user: sender === me ? 'theo' : 'me', status: 'SAVED' }],
): ChatMessage {
  return {
    _id: `m${seq}`,
    seq,
    clientId,
    message: `text ${seq}`,
    sender,
    conversation: 'conv',
    createdAt: new Date(2031, 0, 1, 10, seq).toISOString(),
    course: 'course',
    status,
  };
}

const verified = { type: 'onChatConnectionVerified', userId: 'me', mode: 'user', lastSeq: 0, editMode: false, contacts: [theo] };

function connection() {
  const outbox = memoryOutbox();
  const frames: ParsedServerFrame[] = [];
  const states: ConnectionState[] = [];
  let pending: OutboxEntry[] = [];
  const conn = new ChatConnection({
    mode: 'user',
    room: 'chat-course/course',
    url: () => Promise.resolve(`ws://test/${FakeSocket.all.length}`),
    outbox,
    onFrame: (f) => frames.push(f),
    onState: (s) => states.push(s),
    onPending: (p) => {
      pending = p;
    },
    socket: { WebSocketImpl: FakeSocket as unknown as typeof WebSocket, baseDelayMs: 100, maxDelayMs: 1000, random: () => 1 },
  });
  return { conn, outbox, frames, states, pending: () => pending };
}

async function opened(conn: ChatConnection) {
  conn.start();
  await vi.waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
  const socket = FakeSocket.last();
  socket.open();
  socket.server(verified);
  return socket;
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('chat connection', () => {
  it('keeps a message written offline in the outbox as pending, sends it on connect, and clears it on the acknowledgement', async () => {
    const { conn, pending } = connection();
    const entry = await conn.sendMessage('conv', 'Written offline', 'offline-1');
    expect(pending()).toEqual([entry]);

    const socket = await opened(conn);
    await vi.waitFor(() =>
      expect(socket.sent).toContainEqual({ type: 'sendMessage', conversationId: 'conv', clientId: 'offline-1', message: 'Written offline' }),
    );
    expect(pending()).toHaveLength(1);
    socket.server({ type: 'receiveMessage', message: message(7, me, 'offline-1') });
    await vi.waitFor(() => expect(pending()).toEqual([]));
  });

  it('drops other emits while disconnected with a console warning', () => {
    const { conn } = connection();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(conn.emit('typing', { conversationId: 'conv', isTyping: true })).toBe(false);
    expect(warn).toHaveBeenCalledWith('chat: not connected, sendConversationTypingData dropped');
    warn.mockRestore();
  });

  it('shows reconnecting after a drop, comes back with backoff, and resumes from the last sequence number', async () => {
    const { conn, states } = connection();
    const first = await opened(conn);
    first.server({ type: 'receiveMessage', message: message(41) });
    first.server({ type: 'receiveMessage', message: message(42) });
    first.close();
    expect(states.at(-1)).toBe('reconnecting');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(conn.emit('list', {})).toBe(false);
    expect(warn).toHaveBeenCalledWith('chat: not connected, getConversations dropped');
    warn.mockRestore();

    await vi.advanceTimersByTimeAsync(100);
    const second = FakeSocket.last();
    expect(second).not.toBe(first);
    second.open();
    expect(states.at(-1)).toBe('open');
    expect(second.sent[0]).toEqual({ type: 'verifyChatConnection', lastSeq: 42 });
  });

  it('resends unacknowledged messages after a reconnect, by the same client id', async () => {
    const { conn, pending } = connection();
    const first = await opened(conn);
    await conn.sendMessage('conv', 'Lost in transit', 'lost-1');
    first.close();
    await vi.advanceTimersByTimeAsync(100);
    const second = FakeSocket.last();
    second.open();
    second.server(verified);
    await vi.waitFor(() =>
      expect(second.sent.filter((f) => f.type === 'sendMessage')).toEqual([
        { type: 'sendMessage', conversationId: 'conv', clientId: 'lost-1', message: 'Lost in transit' },
      ]),
    );
    // The room had stored it before the drop: the resumed history acknowledges it too.
    second.server({ type: 'sendMessages', conversationId: null, messages: [message(50, me, 'lost-1')], hasMore: false });
    await vi.waitFor(() => expect(pending()).toEqual([]));
  });

  it('backs off exponentially up to the cap, with jitter', () => {
    expect([0, 1, 2, 3, 10].map((n) => backoffDelay(n, 500, 15_000, () => 1))).toEqual([500, 1000, 2000, 4000, 15_000]);
    expect(backoffDelay(2, 500, 15_000, () => 0)).toBe(1000);
  });
});

describe('chat state', () => {
  const ready = applyFrame(applyFrame(emptyChatState, { op: 'verified', payload: { userId: 'me', mode: 'user', lastSeq: 0, editMode: false, contacts: [] } }), {
    op: 'conversations',
    payload: {
      conversations: [{ _id: 'conv', course: 'course', users: [], lastMessageTime: null, lastMessage: null, unSeenCount: 0 }],
    },
  });

  it("raises the unseen count for others' messages, not mine, and stores a resumed repeat once", () => {
    let state = applyFrame(ready, { op: 'message', payload: { message: message(1) } });
    state = applyFrame(state, { op: 'message', payload: { message: message(2, me) } });
    state = applyFrame(state, { op: 'messages', payload: { conversationId: null, messages: [message(1), message(3)], hasMore: false } });
    expect(state.messages.conv!.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(state.conversations![0]!.unSeenCount).toBe(2);
    expect(state.conversations![0]!.lastMessage).toBe('text 3');
  });

  it('asks for DELIVERED on what arrived, then SEEN, and my SEEN clears the count', () => {
    let state = applyFrame(ready, { op: 'message', payload: { message: message(5) } });
    expect(pendingReceipt(state.messages.conv!, 'me', 'DELIVERED')).toBe(5);
    state = applyFrame(state, { op: 'status', payload: { conversationId: 'conv', user: 'me', status: 'DELIVERED', upToSeq: 5 } });
    expect(pendingReceipt(state.messages.conv!, 'me', 'DELIVERED')).toBeNull();
    expect(pendingReceipt(state.messages.conv!, 'me', 'SEEN')).toBe(5);
    state = applyFrame(state, { op: 'status', payload: { conversationId: 'conv', user: 'me', status: 'SEEN', upToSeq: 5 } });
    expect(state.conversations![0]!.unSeenCount).toBe(0);
    expect(state.messages.conv![0]!.status).toEqual([{ user: 'me', status: 'SEEN' }]);
  });

  it('moves ticks SAVED → DELIVERED → SEEN and never back, and counts who has seen a group message', () => {
    const group = message(9, me, 'g', [
      { user: 'a', status: 'SAVED' },
      { user: 'b', status: 'SAVED' },
      { user: 'c', status: 'SAVED' },
    ]);
    let state = applyFrame(ready, { op: 'message', payload: { message: group } });
    expect(tickOf(state.messages.conv![0]!)).toBe('SAVED');
    for (const user of ['a', 'b', 'c']) state = applyFrame(state, { op: 'status', payload: { conversationId: 'conv', user, status: 'DELIVERED', upToSeq: 9 } });
    expect(tickOf(state.messages.conv![0]!)).toBe('DELIVERED');
    for (const user of ['a', 'b']) state = applyFrame(state, { op: 'status', payload: { conversationId: 'conv', user, status: 'SEEN', upToSeq: 9 } });
    state = applyFrame(state, { op: 'status', payload: { conversationId: 'conv', user: 'a', status: 'DELIVERED', upToSeq: 9 } });
    expect(seenBy(state.messages.conv![0]!)).toEqual({ seen: 2, of: 3 });
    expect(tickOf(state.messages.conv![0]!)).toBe('DELIVERED');
  });

  it('answers a start of a conversation that already exists with a new list, so the panel that asked opens it', () => {
    const again = { _id: 'conv', course: 'course', users: [], lastMessageTime: null, lastMessage: 'hello', unSeenCount: 0 };
    const state = applyFrame(ready, { op: 'created', payload: { conversation: again } });
    expect(state.conversations).not.toBe(ready.conversations);
    expect(state.conversations).toEqual([again]);
  });

  it('shows typing per conversation and user, and a message clears its sender', () => {
    let state = applyFrame(ready, { op: 'typing', payload: { conversationId: 'conv', user: 'theo', isTyping: true } });
    state = applyFrame(state, { op: 'typing', payload: { conversationId: 'conv', user: 'theo', isTyping: true } });
    expect(state.typing.conv).toEqual(['theo']);
    state = applyFrame(state, { op: 'message', payload: { message: message(11) } });
    expect(state.typing.conv).toEqual([]);
  });
});
