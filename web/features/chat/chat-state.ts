import type { ChatMessage, ChatPerson, Conversation, MessageStatus, ParsedServerFrame } from '../../../schema/contracts/chat';

/** Everything one chat panel shows, changed only by `applyFrame`. */
export interface ChatState {
  userId: string | null;
  editMode: boolean;
  verified: boolean;
  contacts: ChatPerson[];
  conversations: Conversation[] | null;
  /** Loaded messages per conversation, in room order. */
  messages: Record<string, ChatMessage[]>;
  /** Whether older messages exist before the first loaded one. */
  hasMore: Record<string, boolean>;
  /** Who is typing, per conversation. */
  typing: Record<string, string[]>;
  error: string | null;
}

export const emptyChatState: ChatState = {
  userId: null,
  editMode: false,
  verified: false,
  contacts: [],
  conversations: null,
  messages: {},
  hasMore: {},
  typing: {},
  error: null,
};

const rank: Record<MessageStatus, number> = { SAVED: 0, DELIVERED: 1, SEEN: 2 };

/** Adds messages by id (a resume can repeat what a live frame already brought), keeping room order. */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]) {
  const byId = new Map(current.map((m) => [m._id, m]));
  for (const message of incoming) byId.set(message._id, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

function withStatus(message: ChatMessage, user: string, status: MessageStatus, upToSeq: number): ChatMessage {
  if (message.seq > upToSeq || message.sender._id === user) return message;
  let changed = false;
  const next = message.status.map((entry) => {
    if (entry.user !== user || rank[entry.status] >= rank[status]) return entry;
    changed = true;
    return { ...entry, status };
  });
  return changed ? { ...message, status: next } : message;
}

function updateConversation(state: ChatState, id: string, change: (c: Conversation) => Conversation): Conversation[] | null {
  return state.conversations?.map((c) => (c._id === id ? change(c) : c)) ?? null;
}

function received(state: ChatState, messages: ChatMessage[]): ChatState {
  const grouped = new Map<string, ChatMessage[]>();
  for (const m of messages) grouped.set(m.conversation, [...(grouped.get(m.conversation) ?? []), m]);
  let next = state;
  for (const [conversationId, group] of grouped) {
    const known = new Set((next.messages[conversationId] ?? []).map((m) => m._id));
    const fresh = group.filter((m) => !known.has(m._id));
    const last = group.at(-1)!;
    const fromOthers = fresh.filter((m) => m.sender._id !== state.userId).length;
    const senders = new Set(group.map((m) => m.sender._id));
    next = {
      ...next,
      messages: { ...next.messages, [conversationId]: mergeMessages(next.messages[conversationId] ?? [], group) },
      // A message ends its sender's typing indicator.
      typing: { ...next.typing, [conversationId]: (next.typing[conversationId] ?? []).filter((u) => !senders.has(u)) },
      conversations: sortByActivity(
        updateConversation(next, conversationId, (c) => ({
          ...c,
          lastMessage: last.message,
          lastMessageTime: last.createdAt,
          unSeenCount: c.unSeenCount + fromOthers,
        })),
      ),
    };
  }
  return next;
}

function sortByActivity(conversations: Conversation[] | null) {
  return conversations && [...conversations].sort((a, b) => (b.lastMessageTime ?? '').localeCompare(a.lastMessageTime ?? ''));
}

export function applyFrame(state: ChatState, frame: ParsedServerFrame): ChatState {
  switch (frame.op) {
    case 'verified':
      return { ...state, userId: frame.payload.userId, editMode: frame.payload.editMode, contacts: frame.payload.contacts, verified: true, error: null };
    case 'conversations':
      return { ...state, conversations: frame.payload.conversations };
    case 'created': {
      const { conversation } = frame.payload;
      // Starting a conversation that already exists answers with it again: a new list lets the panel that asked open it.
      if (state.conversations?.some((c) => c._id === conversation._id)) {
        return { ...state, conversations: state.conversations.map((c) => (c._id === conversation._id ? conversation : c)) };
      }
      return { ...state, conversations: [conversation, ...(state.conversations ?? [])] };
    }
    case 'message':
      return received(state, [frame.payload.message]);
    case 'messages': {
      const { conversationId, messages, hasMore } = frame.payload;
      if (conversationId === null) return received(state, messages);
      return {
        ...state,
        messages: { ...state.messages, [conversationId]: mergeMessages(state.messages[conversationId] ?? [], messages) },
        hasMore: { ...state.hasMore, [conversationId]: hasMore },
      };
    }
    case 'status': {
      const { conversationId, user, status, upToSeq } = frame.payload;
      const messages = state.messages[conversationId]?.map((m) => withStatus(m, user, status, upToSeq));
      const lastSeq = state.messages[conversationId]?.at(-1)?.seq ?? 0;
      return {
        ...state,
        messages: messages ? { ...state.messages, [conversationId]: messages } : state.messages,
        // My own SEEN lowers my unseen count; seeing up to the newest message clears it.
        conversations:
          user === state.userId && status === 'SEEN'
            ? updateConversation(state, conversationId, (c) => ({ ...c, unSeenCount: upToSeq >= lastSeq ? 0 : c.unSeenCount }))
            : state.conversations,
      };
    }
    case 'typing': {
      const { conversationId, user, isTyping } = frame.payload;
      const others = (state.typing[conversationId] ?? []).filter((u) => u !== user);
      return { ...state, typing: { ...state.typing, [conversationId]: isTyping ? [...others, user] : others } };
    }
    case 'presence': {
      const { user, isOnline, lastSeen } = frame.payload;
      return {
        ...state,
        conversations: state.conversations?.map((c) => ({ ...c, users: c.users.map((u) => (u._id === user ? { ...u, isOnline, lastSeen } : u)) })) ?? null,
      };
    }
    case 'error':
      return { ...state, error: frame.payload.message };
  }
}

/** The newest message from someone else that the user has not yet acknowledged with `status`, per conversation. */
export function pendingReceipt(messages: ChatMessage[], userId: string | null, status: 'DELIVERED' | 'SEEN'): number | null {
  let upTo: number | null = null;
  for (const message of messages) {
    if (message.sender._id === userId) continue;
    const mine = message.status.find((s) => s.user === userId);
    if (mine && rank[mine.status] < rank[status]) upTo = message.seq;
  }
  return upTo;
}

/** "Seen by 3 of 5": how many of the other members have seen a message. */
export function seenBy(message: ChatMessage) {
  return { seen: message.status.filter((s) => s.status === 'SEEN').length, of: message.status.length };
}

/** The sender's tick: the lowest status among the recipients (a group message is SEEN only when everyone saw it). */
export function tickOf(message: ChatMessage): MessageStatus {
  if (message.status.length === 0) return 'SAVED';
  return message.status.reduce<MessageStatus>((low, s) => (rank[s.status] < rank[low] ? s.status : low), 'SEEN');
}
