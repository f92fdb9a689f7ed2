/**
 * The tutor's controls in a lesson room: lead mode, locks, a read-only board, the lesson timer, raised hands and
 * "bring everyone to my view". They live in the board document's `controls` map, which only the lesson's Durable
 * Object writes: clients ask for a change with a control frame on the board's socket, the object checks who asks
 * and writes the result, so the controls sync, survive reconnects and replay like the rest of the board.
 */
import { z } from 'zod';

/** The y-websocket message type of control frames, both ways: JSON text after the type, like the room's notices. */
export const DOC_MESSAGE_CONTROL = 102;

/** The board document's map the object keeps the controls in. */
export const CONTROLS_MAP = 'controls';

/** Ids of pages and board elements, as the board makes them. */
const boardId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a board id');

/** So a lock list stays a few kilobytes in the document. */
export const MAX_LOCKED_ELEMENTS = 1000;
export const MAX_LOCKED_PAGES = 200;

const view = z.object({
  x: z.number().finite(),
  y: z.number().finite(),
  zoom: z.number().min(0.1).max(8),
});

/** What a client may ask of the object. Every one but a student's own hand is the tutor's (leaders': tutors, editing admins). */
export const controlRequest = z.discriminatedUnion('type', [
  /** Lead mode: students follow the leader's page and view and cannot wander off. */
  z.object({ type: z.literal('lead'), on: z.boolean() }),
  z.object({ type: z.literal('lockPage'), pageId: boardId, locked: z.boolean() }),
  z.object({ type: z.literal('lockElements'), ids: z.array(boardId).min(1).max(500), locked: z.boolean() }),
  /** The whole board read-only for students. */
  z.object({ type: z.literal('readOnly'), on: z.boolean() }),
  z.object({ type: z.literal('timer'), action: z.enum(['start', 'pause', 'reset']) }),
  /** A student raises or lowers their own hand. */
  z.object({ type: z.literal('hand'), raised: z.boolean() }),
  /** The tutor lowers one student's hand, or everyone's when `userId` is left out. */
  z.object({ type: z.literal('lowerHands'), userId: z.string().min(1).max(64).optional() }),
  /** "Bring everyone to my view": every student moves to this page and viewport. */
  z.object({ type: z.literal('gather'), pageId: boardId, view }),
]);
export type ControlRequest = z.infer<typeof controlRequest>;

/** What the object tells one socket on the control channel. */
export const controlNotice = z.discriminatedUnion('type', [
  /** A request or a board change it would not take, in words for the person. */
  z.object({ type: z.literal('refused'), message: z.string() }),
  /** The object's clock on connect, so everyone's timer counts from the same instant whatever their device's clock says. */
  z.object({ type: z.literal('clock'), now: z.number() }),
]);
export type ControlNotice = z.infer<typeof controlNotice>;

/**
 * A count-up timer kept as instants, never as a ticking number: elapsed = `elapsedMs` + (now − `startedAt`) while it
 * runs. `startedAt` is the object's clock.
 */
export const lessonTimer = z.object({
  running: z.boolean(),
  startedAt: z.number().nullable(),
  elapsedMs: z.number().min(0),
});
export type LessonTimer = z.infer<typeof lessonTimer>;
export const idleTimer: LessonTimer = { running: false, startedAt: null, elapsedMs: 0 };

export const raisedHand = z.object({ userId: z.string(), name: z.string(), at: z.number() });
export type RaisedHand = z.infer<typeof raisedHand>;

/** Each key of the `controls` map; a value that does not parse reads as its default, so an old board still opens. */
export const lessonControls = z.object({
  lead: z.object({ by: z.string(), name: z.string() }).nullable().catch(null),
  readOnly: z.boolean().catch(false),
  lockedPages: z.array(z.string()).catch([]),
  lockedElements: z.array(z.string()).catch([]),
  timer: lessonTimer.catch(idleTimer),
  /** In the order the object received them. */
  hands: z.array(raisedHand).catch([]),
  gather: z.object({ pageId: z.string(), view, at: z.number(), by: z.string() }).nullable().catch(null),
});
export type LessonControls = z.infer<typeof lessonControls>;

export const readLessonControls = (json: Record<string, unknown>): LessonControls =>
  lessonControls.parse({
    lead: json.lead ?? null,
    readOnly: json.readOnly ?? false,
    lockedPages: json.lockedPages ?? [],
    lockedElements: json.lockedElements ?? [],
    timer: json.timer ?? idleTimer,
    hands: json.hands ?? [],
    gather: json.gather ?? null,
  });
