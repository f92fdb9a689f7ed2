import { z } from 'zod';

/**
 * Chat frames shared by the chat rooms, the inbox and the web client. Each socket speaks JSON text frames
 * `{type, ...}` whose `type` is the spec's event name (document 1, section 7). A course room uses the user chat's
 * names and an admin room the adminChat* names; both carry the same shapes, so one table maps an operation to the
 * name each mode gives it.
 */

export const chatModes = ['user', 'admin'] as const;
export type ChatMode = (typeof chatModes)[number];

export const messageStatuses = ['SAVED', 'DELIVERED', 'SEEN'] as const;
export const messageStatus = z.enum(messageStatuses);
export type MessageStatus = z.infer<typeof messageStatus>;

export const MAX_MESSAGE_CHARS = 4000;
export const MAX_CONVERSATION_USERS = 50;
export const MESSAGE_PAGE_SIZE = 50;
/** Missed messages are replayed in frames of at most this many. */
export const RESUME_BATCH = 500;
/** A typing frame from the same user in the same conversation within this window is not passed on. */
export const TYPING_THROTTLE_MS = 1500;
/** A user stays online this long after their last tab closes, so a reload does not flicker them offline. */
export const PRESENCE_GRACE_MS = 30_000;

const id = z.string().trim().min(1).max(64);

/** Operations a client asks of a room, and the event name each mode uses for it. */
export const clientEvents = {
  verify: { user: 'verifyChatConnection', admin: 'verifyChatConnection' },
  list: { user: 'getConversations', admin: 'adminChatGetConversations' },
  listAll: { user: 'getConversationsForAdmin', admin: 'getConversationsForAdmin' },
  start: { user: 'startConversation', admin: 'adminChatStartNewConversation' },
  send: { user: 'sendMessage', admin: 'adminChatSendConversationMessage' },
  history: { user: 'getMessages', admin: 'adminChatGetConversationMessages' },
  status: { user: 'syncMessages', admin: 'adminChatSyncConversationMessages' },
  typing: { user: 'sendConversationTypingData', admin: 'sendConversationTypingData' },
} as const satisfies Record<string, Record<ChatMode, string>>;

/** What a room sends, per mode. */
export const serverEvents = {
  verified: { user: 'onChatConnectionVerified', admin: 'syncAdminChatUserConnection' },
  conversations: { user: 'sendConversations', admin: 'receiveAdminConversations' },
  created: { user: 'newConversation', admin: 'receiveNewAdminConversation' },
  message: { user: 'receiveMessage', admin: 'receiveNewAdminConversationMessage' },
  messages: { user: 'sendMessages', admin: 'receiveAdminConversationMessages' },
  status: { user: 'syncMessages', admin: 'receiveAdminSyncedMessages' },
  typing: { user: 'receiveConversationTypingData', admin: 'receiveConversationTypingData' },
  presence: { user: 'userStatus', admin: 'userStatus' },
  error: { user: 'error', admin: 'error' },
} as const satisfies Record<string, Record<ChatMode, string>>;

export type ClientOp = keyof typeof clientEvents;
export type ServerOp = keyof typeof serverEvents;

export const chatPerson = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  avatar: z.string().nullable(),
});
export type ChatPerson = z.infer<typeof chatPerson>;

export const conversationUser = chatPerson.extend({
  isOnline: z.boolean(),
  /** ISO time; null for someone never seen online. */
  lastSeen: z.string().nullable(),
});
export type ConversationUser = z.infer<typeof conversationUser>;

export const conversation = z.object({
  _id: z.string(),
  /** The course id in a course room; null in an admin room. */
  course: z.string().nullable(),
  users: z.array(conversationUser),
  lastMessageTime: z.string().nullable(),
  lastMessage: z.string().nullable(),
  /** Messages from others the receiving user has not seen. */
  unSeenCount: z.number().int(),
});
export type Conversation = z.infer<typeof conversation>;

export const messageStatusEntry = z.object({ user: z.string(), status: messageStatus });

export const chatMessage = z.object({
  _id: z.string(),
  /** Per-room sequence number: the order of the room, and what a reconnecting client resumes after. */
  seq: z.number().int(),
  /** The id the sender's client gave the message, so a resend is recognised and the outbox entry cleared. */
  clientId: z.string(),
  message: z.string(),
  sender: chatPerson,
  conversation: z.string(),
  createdAt: z.string(),
  course: z.string().nullable(),
  /** One entry per member other than the sender. */
  status: z.array(messageStatusEntry),
});
export type ChatMessage = z.infer<typeof chatMessage>;

const clientShapes = {
  verify: { lastSeq: z.number().int().min(0).optional() },
  list: {},
  listAll: {},
  /** Course rooms: the other members. Admin rooms: none (the room's user and the admin). */
  start: { users: z.array(id).max(MAX_CONVERSATION_USERS).default([]) },
  send: { conversationId: id, clientId: id, message: z.string().trim().min(1).max(MAX_MESSAGE_CHARS) },
  history: { conversationId: id, beforeSeq: z.number().int().min(1).optional(), limit: z.number().int().min(1).max(200).optional() },
  /** Marks everything up to `upToSeq` in the conversation as DELIVERED or SEEN for the sender of this frame. */
  status: { conversationId: id, status: z.enum(['DELIVERED', 'SEEN']), upToSeq: z.number().int().min(1) },
  typing: { conversationId: id, isTyping: z.boolean() },
} as const;

const serverShapes = {
  verified: {
    userId: z.string(),
    mode: z.enum(chatModes),
    lastSeq: z.number().int(),
    editMode: z.boolean(),
    /** Who this connection may start a conversation with: the course's other members, or an admin room's user. */
    contacts: z.array(chatPerson),
  },
  conversations: { conversations: z.array(conversation) },
  created: { conversation },
  /** `clientId` on the sender's copy is the acknowledgement that the message is stored. */
  message: { message: chatMessage },
  /** A page of one conversation's history (older first), or with `conversationId` null the messages missed since `lastSeq`. */
  messages: { conversationId: z.string().nullable(), messages: z.array(chatMessage), hasMore: z.boolean() },
  status: { conversationId: z.string(), user: z.string(), status: messageStatus, upToSeq: z.number().int() },
  typing: { conversationId: z.string(), user: z.string(), isTyping: z.boolean() },
  presence: { user: z.string(), isOnline: z.boolean(), lastSeen: z.string().nullable() },
  error: { message: z.string() },
} as const;

type Shapes<S> = { [K in keyof S]: S[K] };
type ClientFrameOf<Op extends ClientOp, M extends ChatMode> = z.infer<
  z.ZodObject<Shapes<(typeof clientShapes)[Op]> & { type: z.ZodLiteral<(typeof clientEvents)[Op][M]> }>
>;
type ServerFrameOf<Op extends ServerOp, M extends ChatMode> = z.infer<
  z.ZodObject<Shapes<(typeof serverShapes)[Op]> & { type: z.ZodLiteral<(typeof serverEvents)[Op][M]> }>
>;

export type ClientPayload<Op extends ClientOp> = Omit<ClientFrameOf<Op, 'user'>, 'type'>;
export type ServerPayload<Op extends ServerOp> = Omit<ServerFrameOf<Op, 'user'>, 'type'>;

function framesOf<S extends Record<string, z.ZodRawShape>>(shapes: S, names: Record<keyof S, Record<ChatMode, string>>, mode: ChatMode) {
  const byType = new Map<string, { op: keyof S & string; schema: z.ZodObject }>();
  for (const op of Object.keys(shapes) as (keyof S & string)[]) byType.set(names[op][mode], { op, schema: z.object(shapes[op]) });
  return byType;
}

const clientFrames = { user: framesOf(clientShapes, clientEvents, 'user'), admin: framesOf(clientShapes, clientEvents, 'admin') };
const serverFrames = { user: framesOf(serverShapes, serverEvents, 'user'), admin: framesOf(serverShapes, serverEvents, 'admin') };

export type ParsedClientFrame = { [Op in ClientOp]: { op: Op; payload: ClientPayload<Op> } }[ClientOp];
export type ParsedServerFrame = { [Op in ServerOp]: { op: Op; payload: ServerPayload<Op> } }[ServerOp];

export type FrameResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** Looks the frame up by its type, then validates the rest against that event's shape. */
function parseWith<T>(frames: ReturnType<typeof framesOf>, data: unknown): FrameResult<T> {
  const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
  const entry = typeof type === 'string' ? frames.get(type) : undefined;
  if (!entry) return { ok: false, message: `Invalid frame: type: must be one of ${[...frames.keys()].join(', ')}` };
  const result = entry.schema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    const path = issue?.path.map(String).join('.') || 'frame';
    return { ok: false, message: `Invalid frame: ${path}: ${issue?.message ?? 'invalid'}` };
  }
  return { ok: true, value: { op: entry.op, payload: result.data } as T };
}

/** A client frame for a room in `mode`, as its operation and payload; the failure message names the field. */
export const parseClientFrame = (mode: ChatMode, data: unknown) => parseWith<ParsedClientFrame>(clientFrames[mode], data);
export const parseServerFrame = (mode: ChatMode, data: unknown) => parseWith<ParsedServerFrame>(serverFrames[mode], data);

export function clientFrame<Op extends ClientOp>(mode: ChatMode, op: Op, payload: ClientPayload<Op>) {
  return { type: clientEvents[op][mode], ...payload };
}

export function serverFrame<Op extends ServerOp>(mode: ChatMode, op: Op, payload: ServerPayload<Op>) {
  return { type: serverEvents[op][mode], ...payload };
}

/** A notification entry: one conversation with unseen messages for the signed-in user. */
export const notificationEntry = z.object({
  _id: z.string(),
  unseenCount: z.number().int(),
  course: z.string().nullable(),
  lastMessageSentAt: z.string().nullable(),
  lastMessage: z.string().nullable(),
  /** In an admin chat the reader is not the subject of (an admin's), that user: their page holds the conversation. */
  adminChatUser: z.string().nullable(),
});
export type NotificationEntry = z.infer<typeof notificationEntry>;

export const NOTIFICATION_PAGE_SIZE = 10;

/** Frames of the per-user inbox socket: notifications, the unseen badge and new-message toasts. */
export const inboxClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('chatLoadMoreNotificationData'), offset: z.number().int().min(0) }),
  z.object({ type: z.literal('adminChatLoadMoreNotificationData'), offset: z.number().int().min(0) }),
]);
export type InboxClientFrame = z.infer<typeof inboxClientFrame>;

const notificationPage = { notifications: z.array(notificationEntry), totalDocs: z.number().int(), offset: z.number().int() };
export const newMessageNotice = z.object({
  title: z.literal('New Message'),
  conversationId: z.string(),
  course: z.string().nullable(),
  lastMessage: z.string(),
});
export type NewMessageNotice = z.infer<typeof newMessageNotice>;

export const inboxServerFrame = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('receiveUserNotificationData'),
    ...notificationPage,
    /** Unseen messages across every conversation: the header badge. */
    totalUnseen: z.number().int(),
    /** Conversations with news since the last frame, for the in-app toast. */
    news: z.array(newMessageNotice),
    /**
     * For a member of the team (an admin with the chat permission): the users' messages waiting for a reply in the team
     * inbox. Those threads then count here and not in `totalUnseen`, so one message is never counted twice.
     */
    teamWaiting: z.number().int().optional(),
  }),
  z.object({ type: z.literal('receiveUserNotificationDataLoadMore'), ...notificationPage }),
  z.object({ type: z.literal('receiveAdminUserNotificationDataLoadMore'), ...notificationPage }),
  /** A student's lesson balance changed (a payment, a refund, a lesson): tabs showing it read it again. */
  z.object({ type: z.literal('creditsChanged'), studentId: z.string() }),
  /** The user has a new notice (a lesson booked, a reminder): the header's bell reads its list again. */
  z.object({ type: z.literal('notificationsChanged') }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type InboxServerFrame = z.infer<typeof inboxServerFrame>;

/** Room names of the chat rooms and inboxes as tickets carry them. */
export const chatCourseRoom = (courseId: string) => `chat-course/${courseId}`;
export const chatAdminRoom = (userId: string) => `chat-admin/${userId}`;
export const inboxRoom = (userId: string) => `inbox/${userId}`;

/** Storage names of the objects: tenant first, so no two tenants ever share one. */
export const courseRoomObject = (tenantId: string, courseId: string) => `${tenantId}:course:${courseId}`;
export const adminRoomObject = (tenantId: string, userId: string) => `${tenantId}:admin:${userId}`;
export const inboxObject = (tenantId: string, userId: string) => `${tenantId}:inbox:${userId}`;

/** `/fcm-token`: the browser's push subscription stands in for the device token. */
export const pushSubscriptionBody = z.object({
  token: z.object({
    endpoint: z.url().max(2000),
    keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

/** `GET /push/config`: the VAPID public key the browser subscribes with, or null where push is not configured. */
export interface PushConfig {
  vapidPublicKey: string | null;
}
