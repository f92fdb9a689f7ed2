/**
 * Real-time contracts shared by the Worker, the Durable Objects and the web client.
 * A socket speaks JSON text frames `{type, ...}` whose `type` keeps the spec's event names.
 */
import { z } from 'zod';
import { parseDocName, roomIdPattern } from './room-names';

export * from './room-names';

/** A room a ticket can open: `waiting-room/<waitingId>` or `doc/<document name>`. */
export const rtRoom = z
  .string()
  .trim()
  .refine((room) => {
    const [kind, id, ...rest] = room.split('/');
    if (rest.length > 0 || id === undefined) return false;
    if (kind === 'waiting-room' || kind === 'chat-course' || kind === 'chat-admin' || kind === 'inbox') return roomIdPattern.test(id);
    return kind === 'doc' && parseDocName(id) !== null;
  }, 'must be waiting-room/<waitingId>, doc/lesson:<sectionId>:board|notes, chat-course/<courseId>, chat-admin/<userId> or inbox/<userId>');

export const rtTicketRequest = z.object({ room: rtRoom });
export type RtTicketRequest = z.infer<typeof rtTicketRequest>;

export const rtTicketResponse = z.object({
  /** Opaque; good for 60 seconds and for one connection to the room it names. Pass it as `?ticket=`. */
  ticket: z.string(),
});
export type RtTicketResponse = z.infer<typeof rtTicketResponse>;

/** Sent as a text frame, the server answers `pong` without waking the room. */
export const RT_PING = 'ping';
export const RT_PONG = 'pong';

export const waitingRoomKinds = ['STUDENT', 'TUTOR', 'ADMIN'] as const;
export const waitingRoomKind = z.enum(waitingRoomKinds);
export type WaitingRoomKind = z.infer<typeof waitingRoomKind>;

export const waitingRoomParticipant = z.object({
  userId: z.string(),
  name: z.string(),
  kind: waitingRoomKind,
  /** ISO 8601 time of the user's first registration still open. */
  joinedAt: z.string(),
});
export type WaitingRoomParticipant = z.infer<typeof waitingRoomParticipant>;

/** Frames the client sends to a waiting room. */
export const waitingRoomClientFrame = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('registerToWaitingRoom'),
    /** Optional: the server derives the kind from the signed-in role and refuses any other. */
    kind: waitingRoomKind.optional(),
  }),
  z.object({ type: z.literal('unRegisterFromWaitingRoom') }),
  z.object({ type: z.literal('getWaitingRoomConnections') }),
]);
export type WaitingRoomClientFrame = z.infer<typeof waitingRoomClientFrame>;

/** Frames a waiting room sends. */
export const waitingRoomServerFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('onRegisteredToWaitingRoom'), participant: waitingRoomParticipant }),
  z.object({ type: z.literal('onUnRegisteredFromWaitingRoom'), participant: waitingRoomParticipant }),
  z.object({ type: z.literal('waitingRoomConnections'), participants: z.array(waitingRoomParticipant) }),
  /** The tutor or an admin started the lesson: everyone waiting moves to `lessonRoomUrl` together. */
  z.object({
    type: z.literal('meetingStarted'),
    waitingId: z.string(),
    startedAt: z.string(),
    startedBy: z.string(),
    lessonRoomUrl: z.string(),
  }),
  /** The lesson is over; the room has closed its sockets and accepts no more. */
  z.object({ type: z.literal('waitingRoomClosed'), waitingId: z.string() }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type WaitingRoomServerFrame = z.infer<typeof waitingRoomServerFrame>;

/**
 * Document rooms speak the y-websocket binary protocol (sync 0, awareness 1, auth 2, query awareness 3). This
 * extra message type carries the room's notices as a JSON string; the stock client logs it as unknown and carries
 * on, the app registers `provider.messageHandlers[DOC_MESSAGE_NOTICE]`.
 */
export const DOC_MESSAGE_NOTICE = 100;
/** WebRTC signalling on a lesson board's socket (schema/contracts/av-signal.ts holds its frames). */
export const AV_MESSAGE_SIGNAL = 101;
/** The lesson board's recording state (who asked, who agreed), JSON like the notices: `recordingFrame` in lesson-recordings.ts. */
export const DOC_MESSAGE_RECORDING = 103;

/** Byte sizes of a document: a warning from the first, no growth past the second. */
export const DOC_WARN_BYTES = 1024 * 1024;
export const DOC_LIMIT_BYTES = 2 * 1024 * 1024;

/** Close codes in 4400-4499 tell the stock client not to reconnect: retrying cannot help. */
export const DOC_CLOSE_FULL = 4413;
export const DOC_FULL_REASON = 'Document is full (2 MB)';

export const docNotice = z.discriminatedUnion('type', [
  z.object({ type: z.literal('docSizeWarning'), bytes: z.number(), limit: z.number() }),
  /** Sent on connect to someone who may read but not change the document. */
  z.object({ type: z.literal('docReadOnly') }),
]);
export type DocNotice = z.infer<typeof docNotice>;
