import { z } from 'zod';

/**
 * Real-time contracts shared by the Worker, the Durable Objects and the web client.
 * A socket speaks JSON text frames `{type, ...}` whose `type` keeps the spec's event names.
 */

/** Ids inside room names: what the app generates (uuids without dashes, readable seed ids). */
const roomIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

export const waitingRoomName = (waitingId: string) => `waiting-room/${waitingId}`;

/** A room a ticket can open: `waiting-room/<waitingId>`. */
export const rtRoom = z
  .string()
  .trim()
  .refine((room) => {
    const [kind, id, ...rest] = room.split('/');
    return kind === 'waiting-room' && rest.length === 0 && id !== undefined && roomIdPattern.test(id);
  }, 'must be waiting-room/<waitingId>');

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
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type WaitingRoomServerFrame = z.infer<typeof waitingRoomServerFrame>;
