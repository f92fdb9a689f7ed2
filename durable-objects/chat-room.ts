import { DurableObject } from 'cloudflare:workers';
import { type ChatConnection, readChatConnection } from '../platform/realtime/chat-connection';
import {
  type ChatMode,
  type ClientPayload,
  type Conversation,
  type NewMessageNotice,
  parseClientFrame,
  RESUME_BATCH,
  type ServerOp,
  type ServerPayload,
  serverFrame,
  TYPING_THROTTLE_MS,
} from '../schema/contracts/chat';
import { newId } from '../schema/tables/columns';
import type { Env } from './env';
import { ChatDirectory } from './lib/chat-directory';
import { ChatStore, memberKeyOf, type StoredConversation } from './lib/chat-store';
import { CHAT_FRAMES, FrameRateLimit, SLOW_DOWN, withinFrameRate } from './lib/frame-rate';
import { acceptSocket, admit, attachmentOf, enableHeartbeat } from './lib/sockets';
import { UsedTickets } from './lib/used-tickets';

/** Summaries reach D1 and the inboxes at most this often; a burst of messages costs one flush. */
export const FLUSH_DELAY_MS = 250;

interface ChatSocketState {
  userId: string;
  mode: ChatMode;
  readAll: boolean;
  canJoin: boolean;
  editMode: boolean;
}

interface Target {
  ws: WebSocket;
  state: ChatSocketState;
}

function sendText(ws: WebSocket, text: string) {
  try {
    ws.send(text);
  } catch {
    // The peer went away mid-send; its close handler tidies up.
  }
}

/**
 * One chat room: a course's conversations (named `{tenantId}:course:{courseId}`) or the admin chat with one user
 * (`{tenantId}:admin:{userId}`). Messages are stored here with a room-wide sequence and acknowledged only once
 * written; D1 receives the conversation summaries in batches from an alarm, so nothing keeps the room awake.
 */
export class ChatRoom extends DurableObject<Env> {
  private readonly usedTickets: UsedTickets;
  private readonly frames = new FrameRateLimit(CHAT_FRAMES);
  private readonly store: ChatStore;
  private flushScheduled = false;
  /** `${conversationId}:${userId}` → when their last "typing" went out; lost on hibernation, which only lets one more through. */
  private readonly typingSent = new Map<string, number>();
  /** Attachments never change after the upgrade, so each is read once per wake instead of once per broadcast. */
  private readonly states = new WeakMap<WebSocket, ChatSocketState | null>();
  /**
   * Each conversation's sockets, kept until someone connects, leaves or joins a conversation: rebuilding the list
   * for every message made garbage per message and socket, and collecting it paused the room.
   */
  private readonly audiences = new Map<string, Target[]>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.usedTickets = new UsedTickets(ctx.storage.sql);
    this.store = new ChatStore(ctx.storage.sql);
    enableHeartbeat(ctx);
  }

  /** Called by the user's inbox (typed RPC) when they come online or go offline. */
  presence(payload: ServerPayload<'presence'>) {
    this.broadcastTo(this.openStates(), 'presence', payload);
  }

  override async fetch(request: Request): Promise<Response> {
    const admission = admit(request, this.usedTickets, readChatConnection);
    if (!admission.ok) return admission.refusal;
    const { identity, connection } = admission;
    this.store.remember(identity.tenantId, connection.room, connection.courseId);
    const { response } = acceptSocket(this.ctx, stateOf(identity.userId, connection));
    this.audiences.clear();
    return response;
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    const state = this.stateOf(ws);
    if (!state) return;
    if (!withinFrameRate(this.frames, ws, () => this.reply(ws, state, 'error', { message: SLOW_DOWN }))) return;
    const parsed = parseIncoming(state.mode, message);
    if (!parsed.ok) return this.reply(ws, state, 'error', { message: parsed.message });
    const { op, payload } = parsed.value;
    switch (op) {
      case 'verify':
        return this.verify(ws, state, payload);
      case 'list':
        return this.reply(ws, state, 'conversations', { conversations: await this.listFor(state.userId, this.store.conversations(state.userId)) });
      case 'listAll':
        if (!state.readAll) return this.reply(ws, state, 'error', { message: 'Only admins with the chat permission can see every conversation' });
        return this.reply(ws, state, 'conversations', { conversations: await this.listFor(state.userId, this.store.conversations(null)) });
      case 'start':
        return this.start(ws, state, payload);
      case 'send':
        return this.send(ws, state, payload);
      case 'history':
        return this.history(ws, state, payload);
      case 'status':
        return this.status(ws, state, payload);
      case 'typing':
        return this.typing(ws, state, payload);
    }
  }

  override webSocketClose() {
    this.audiences.clear();
  }

  override webSocketError() {
    this.audiences.clear();
  }

  override async alarm() {
    this.flushScheduled = false;
    await this.flush();
  }

  private async verify(ws: WebSocket, state: ChatSocketState, payload: ClientPayload<'verify'>) {
    const lastSeq = this.store.lastSeq();
    const contacts = await this.contactsOf(state);
    this.reply(ws, state, 'verified', { userId: state.userId, mode: state.mode, lastSeq, editMode: state.editMode, contacts });
    if (payload.lastSeq === undefined) return;
    // Resuming: everything stored since the client's last sequence number, in room order, in bounded frames.
    let after = payload.lastSeq;
    for (;;) {
      const messages = this.store.since(after, state.readAll ? null : state.userId, RESUME_BATCH);
      const last = messages.at(-1);
      const hasMore = messages.length === RESUME_BATCH;
      if (messages.length > 0 || after === payload.lastSeq) this.reply(ws, state, 'messages', { conversationId: null, messages, hasMore });
      if (!last || !hasMore) return;
      after = last.seq;
    }
  }

  private async contactsOf(state: ChatSocketState) {
    const owner = this.store.owner();
    if (!owner) return [];
    const directory = new ChatDirectory(this.env, owner.tenantId);
    if (owner.courseId !== null) {
      if (state.readAll && !state.canJoin) return [];
      return (await directory.courseRoster(owner.courseId)).filter((person) => person._id !== state.userId);
    }
    const subject = owner.room.slice('admin:'.length);
    return state.userId === subject ? [] : directory.people([subject]);
  }

  /** The conversation if this socket may read it. */
  private readable(state: ChatSocketState, conversationId: string): StoredConversation | null {
    const conversation = this.store.conversation(conversationId);
    if (!conversation) return null;
    if (state.readAll || this.store.members(conversationId).some((m) => m.userId === state.userId)) return conversation;
    return null;
  }

  private async start(ws: WebSocket, state: ChatSocketState, payload: ClientPayload<'start'>) {
    const owner = this.store.owner();
    if (!owner) return;
    let memberIds: string[];
    if (owner.courseId !== null) {
      if (!state.canJoin && state.readAll) return this.reply(ws, state, 'error', { message: 'Turn on edit mode to write in course chats' });
      const others = [...new Set(payload.users)].filter((id) => id !== state.userId);
      if (others.length === 0) return this.reply(ws, state, 'error', { message: 'users: choose at least one course member' });
      const directory = new ChatDirectory(this.env, owner.tenantId);
      const members = await directory.courseMembers(owner.courseId, others);
      const outsider = others.find((id) => !members.has(id));
      if (outsider) return this.reply(ws, state, 'error', { message: `users: ${outsider} is not a member of this course` });
      memberIds = [state.userId, ...others];
    } else {
      // The admin room of one user: each admin talks to that user in a conversation of their own. The user starts
      // one with the whole team, of which they are the only member until an admin answers and so joins it.
      const subject = owner.room.slice('admin:'.length);
      memberIds = state.userId === subject ? [subject] : [state.userId, subject];
    }
    const existing = this.store.conversationByMembers(memberKeyOf(memberIds));
    if (existing) return this.reply(ws, state, 'created', { conversation: (await this.listFor(state.userId, [existing]))[0]! });

    const directory = new ChatDirectory(this.env, owner.tenantId);
    const people = await directory.people(memberIds);
    const id = newId();
    // D1 first: a conversation the lists cannot find would be invisible to the notifications and the badge.
    await directory.saveConversation({ id, room: owner.room, courseId: owner.courseId, memberIds });
    this.store.savePeople(people);
    if (!this.store.conversationByMembers(memberKeyOf(memberIds))) this.store.createConversation(id, memberIds, Date.now());
    const created = this.store.conversationByMembers(memberKeyOf(memberIds))!;
    this.audiences.clear();
    const [conversation] = await this.listFor(state.userId, [created]);
    this.broadcastTo(this.audience(created.id), 'created', { conversation: conversation! });
  }

  private async send(ws: WebSocket, state: ChatSocketState, payload: ClientPayload<'send'>) {
    const conversation = this.readable(state, payload.conversationId);
    if (!conversation) return this.reply(ws, state, 'error', { message: 'conversationId: no such conversation' });
    const isMember = this.store.members(conversation.id).some((m) => m.userId === state.userId);
    if (!isMember) {
      if (!state.canJoin) return this.reply(ws, state, 'error', { message: 'Turn on edit mode to write in this conversation' });
      await this.join(conversation.id, state.userId);
    }
    const row = {
      id: newId(),
      clientId: payload.clientId,
      conversationId: conversation.id,
      senderId: state.userId,
      body: payload.message,
      createdAt: Date.now(),
    };
    const seq = this.store.insertMessage(row);
    if (seq === null) {
      // A resend of a stored message: acknowledge it again, to the sender only.
      const stored = this.store.messageByClientId(state.userId, payload.clientId);
      if (stored) this.reply(ws, state, 'message', { message: stored });
      return;
    }
    const stored = this.store.toMessage({
      seq,
      id: row.id,
      client_id: row.clientId,
      conversation_id: row.conversationId,
      sender_id: row.senderId,
      body: row.body,
      created_at: row.createdAt,
    });
    this.broadcastTo(this.audience(conversation.id), 'message', { message: stored });
    this.clearTyping(conversation.id, state.userId);
    this.scheduleFlush();
  }

  /** An admin writing into a conversation becomes one of its members, in D1 too. */
  private async join(conversationId: string, userId: string) {
    const owner = this.store.owner()!;
    const directory = new ChatDirectory(this.env, owner.tenantId);
    const [people] = await Promise.all([directory.people([userId]), directory.addMember(conversationId, userId)]);
    this.store.savePeople(people);
    this.store.addMember(conversationId, userId);
    this.audiences.clear();
  }

  private history(ws: WebSocket, state: ChatSocketState, payload: ClientPayload<'history'>) {
    if (!this.readable(state, payload.conversationId)) return this.reply(ws, state, 'error', { message: 'conversationId: no such conversation' });
    const page = this.store.history(payload.conversationId, payload.beforeSeq, payload.limit);
    this.reply(ws, state, 'messages', { conversationId: payload.conversationId, ...page });
  }

  private status(ws: WebSocket, state: ChatSocketState, payload: ClientPayload<'status'>) {
    const conversation = this.readable(state, payload.conversationId);
    if (!conversation) return this.reply(ws, state, 'error', { message: 'conversationId: no such conversation' });
    // Readers outside the conversation (admins looking in) leave no trace on it.
    if (!this.store.members(conversation.id).some((m) => m.userId === state.userId)) return;
    const upToSeq = Math.min(payload.upToSeq, this.store.lastSeq());
    if (!this.store.raiseWatermark(conversation.id, state.userId, payload.status, upToSeq)) return;
    this.broadcastTo(this.audience(conversation.id), 'status', { conversationId: conversation.id, user: state.userId, status: payload.status, upToSeq });
    this.scheduleFlush();
  }

  private typing(ws: WebSocket, state: ChatSocketState, payload: ClientPayload<'typing'>) {
    if (!this.store.members(payload.conversationId).some((m) => m.userId === state.userId)) return;
    const key = `${payload.conversationId}:${state.userId}`;
    const now = Date.now();
    if (payload.isTyping) {
      const last = this.typingSent.get(key);
      if (last !== undefined && now - last < TYPING_THROTTLE_MS) return;
      this.typingSent.set(key, now);
    } else {
      if (!this.typingSent.delete(key)) return;
    }
    this.broadcastTo(this.audience(payload.conversationId, ws), 'typing', {
      conversationId: payload.conversationId,
      user: state.userId,
      isTyping: payload.isTyping,
    });
  }

  /** A message ends its sender's typing; clients clear the indicator on the message itself. */
  private clearTyping(conversationId: string, userId: string) {
    this.typingSent.delete(`${conversationId}:${userId}`);
  }

  private stateOf(ws: WebSocket): ChatSocketState | null {
    let state = this.states.get(ws);
    if (state === undefined) {
      state = attachmentOf<ChatSocketState>(ws);
      this.states.set(ws, state);
    }
    return state;
  }

  /** Open sockets with their states; a socket mid-close is no longer part of the room. */
  private openStates() {
    const result: Target[] = [];
    for (const ws of this.ctx.getWebSockets()) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      const state = this.stateOf(ws);
      if (state) result.push({ ws, state });
    }
    return result;
  }

  /** Sockets that see a conversation: its members' and every reader-of-all's. */
  private audience(conversationId: string, except?: WebSocket): Target[] {
    let targets = this.audiences.get(conversationId);
    if (!targets) {
      const members = new Set(this.store.members(conversationId).map((m) => m.userId));
      targets = this.openStates().filter(({ state }) => state.readAll || members.has(state.userId));
      this.audiences.set(conversationId, targets);
    }
    return except ? targets.filter(({ ws }) => ws !== except) : targets;
  }

  private async listFor(viewerId: string, stored: StoredConversation[]): Promise<Conversation[]> {
    const owner = this.store.owner();
    if (!owner) return [];
    const userIds = [...new Set(stored.flatMap((c) => this.store.members(c.id).map((m) => m.userId)))];
    const presence = await new ChatDirectory(this.env, owner.tenantId).presence(userIds);
    return stored.map((c) => {
      const members = this.store.members(c.id);
      return {
        _id: c.id,
        course: owner.courseId,
        users: members.map((m) => ({ ...this.store.person(m.userId), ...(presence.get(m.userId) ?? { isOnline: false, lastSeen: null }) })),
        lastMessageTime: c.lastMessageTime === null ? null : new Date(c.lastMessageTime).toISOString(),
        lastMessage: c.lastMessage,
        unSeenCount: members.some((m) => m.userId === viewerId) ? this.store.unseenCount(c.id, viewerId) : 0,
      };
    });
  }

  private reply<Op extends ServerOp>(ws: WebSocket, state: ChatSocketState, op: Op, payload: ServerPayload<Op>) {
    sendText(ws, JSON.stringify(serverFrame(state.mode, op, payload)));
  }

  /** Serialises once per mode, not once per recipient. */
  private broadcastTo<Op extends ServerOp>(targets: Target[], op: Op, payload: ServerPayload<Op>) {
    const text: Partial<Record<ChatMode, string>> = {};
    for (const { ws, state } of targets) {
      // A cached audience can hold a socket that began closing since; its close event clears the cache.
      if (ws.readyState === WebSocket.OPEN) sendText(ws, (text[state.mode] ??= JSON.stringify(serverFrame(state.mode, op, payload))));
    }
  }

  private scheduleFlush() {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    void this.ctx.storage.getAlarm().then((at) => {
      if (at === null) return this.ctx.storage.setAlarm(Date.now() + FLUSH_DELAY_MS);
    });
  }

  /**
   * Sends the summaries of conversations that changed to D1, then tells each affected member's inbox. A failure
   * throws, and the runtime retries the alarm; the dirty rows stay until a flush succeeds.
   */
  private async flush() {
    const owner = this.store.owner();
    const dirty = this.store.dirty();
    if (!owner || dirty.length === 0) return;
    const version = Math.max(...dirty.map((row) => row.version));
    const directory = new ChatDirectory(this.env, owner.tenantId);
    const summaries = dirty.flatMap((row) => {
      const conversation = this.store.conversation(row.conversation_id);
      if (!conversation) return [];
      const unseen = new Map(this.store.members(conversation.id).map((m) => [m.userId, this.store.unseenCount(conversation.id, m.userId)]));
      return [{ ...conversation, unseen, newsFrom: row.news_from }];
    });
    // An admin room is one user's: its conversations are that user's threads in the team inbox.
    const subject = owner.courseId === null && owner.room.startsWith('admin:') ? owner.room.slice('admin:'.length) : null;
    const team = subject
      ? summaries
          .map((summary) => ({ ...summary, userId: subject, ...this.store.teamState(summary.id, subject) }))
          .filter((t) => t.lastUserSeq > 0 || t.lastMessage !== null)
      : [];
    await directory.saveSummaries(summaries, team);
    this.store.clearDirty(version);

    const news = new Map<string, NewMessageNotice[]>();
    const touched = new Set<string>();
    for (const summary of summaries) {
      for (const userId of summary.unseen.keys()) touched.add(userId);
      if (summary.newsFrom === null || summary.lastMessage === null) continue;
      for (const userId of this.store.newsRecipients(summary.id, summary.newsFrom)) {
        const notice: NewMessageNotice = { title: 'New Message', conversationId: summary.id, course: owner.courseId, lastMessage: summary.lastMessage };
        news.set(userId, [...(news.get(userId) ?? []), notice]);
      }
    }
    // The team's inboxes count what waits for a reply, so each admin hears of a change in the user's threads.
    if (team.length > 0) for (const adminId of await directory.adminIds()) touched.add(adminId);
    const results = await Promise.allSettled([...touched].map((userId) => directory.notifyInbox(userId, news.get(userId) ?? [])));
    for (const result of results) {
      // D1 has the counts; an inbox that missed this update catches up on its next connection.
      if (result.status === 'rejected') console.error('chat room: inbox notification failed', result.reason);
    }
  }
}

function stateOf(userId: string, connection: ChatConnection): ChatSocketState {
  return { userId, mode: connection.mode, readAll: connection.readAll, canJoin: connection.canJoin, editMode: connection.editMode };
}

function parseIncoming(mode: ChatMode, message: string | ArrayBuffer) {
  if (typeof message !== 'string') return { ok: false as const, message: 'Frames must be JSON text' };
  try {
    return parseClientFrame(mode, JSON.parse(message));
  } catch {
    return { ok: false as const, message: 'Frames must be JSON objects with a type' };
  }
}
