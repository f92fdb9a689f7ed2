import { DurableObject } from 'cloudflare:workers';
import { kindForRole, type WaitingLesson } from '../platform/realtime/waiting-lesson';
import { type WaitingRoomKind, type WaitingRoomParticipant, type WaitingRoomServerFrame, waitingRoomClientFrame } from '../schema/contracts/realtime';
import { LATE_THRESHOLD_MS, lessonRoomPath } from '../schema/contracts/waiting-room';
import type { Env } from './env';
import { COMMAND_FRAMES, FrameRateLimit, SLOW_DOWN, withinFrameRate } from './lib/frame-rate';
import { reportLateTutor, settleCallLog } from './lib/late-tutor';
import { acceptSocket, admit, attachmentOf, broadcast, enableHeartbeat, openSockets, parseFrame, refuse, send } from './lib/sockets';
import { UsedTickets } from './lib/used-tickets';
import { closesAt, freshRecord, isClosed, lateCheckDue, lessonEnd, nextAlarm, type RoomRecord } from './lib/waiting-room-lesson';
import { participantsOf, type WaitingSocketState } from './lib/waiting-room-presence';

const ROOM_KEY = 'room';

/** The room's view for the meeting-data answer. */
export interface WaitingRoomStatus {
  startedAt: number | null;
  closed: boolean;
  participantIds: string[];
}

/** Who is in the room now and whether the lesson's tutor came, for the homes (a room nobody reached answers empty). */
export interface WaitingRoomPresence {
  participants: WaitingRoomParticipant[];
  /** ms since the epoch */
  startedAt: number | null;
  tutorJoinedAt: number | null;
  closed: boolean;
}

/**
 * One per waiting id and tenant (named `${tenantId}:${waitingId}`). Who is waiting lives in the socket
 * attachments, so presence survives hibernation without a write per join. The lesson itself (told by the Worker on
 * every arrival) and what happened to it live in one storage value; a single alarm runs the late check one minute
 * after the start and closes the room after the lesson ends.
 */
export class WaitingRoom extends DurableObject<Env> {
  private readonly usedTickets: UsedTickets;
  private readonly frames = new FrameRateLimit(COMMAND_FRAMES);

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.usedTickets = new UsedTickets(ctx.storage.sql);
    enableHeartbeat(ctx);
  }

  /** Called by the Worker before anyone is let in: stores the lesson as it is now and arms the alarm. */
  async arm(lesson: WaitingLesson): Promise<WaitingRoomStatus> {
    const stored = await this.record();
    const room: RoomRecord = stored ? { ...stored, lesson } : freshRecord(lesson);
    if (room.closedFor !== null && !isClosed(room)) room.closedFor = null;
    if (!isClosed(room) && Date.now() >= closesAt(lesson)) await this.close(room);
    else await this.save(room);
    return this.status(room);
  }

  async startMeeting(by: { userId: string; kind: WaitingRoomKind }): Promise<number | null> {
    const room = await this.record();
    if (!room || isClosed(room)) return null;
    if (room.startedAt === null) {
      room.startedAt = Date.now();
      room.startedBy = by.userId;
    }
    if (by.kind === 'TUTOR') await this.tutorArrived(room);
    await this.save(room);
    broadcast(this.ctx, this.startedFrame(room));
    return room.startedAt;
  }

  /** The user reached the lesson room; their first arrival is kept, and a tutor's ends the late watch. */
  async markJoined(userId: string, kind: WaitingRoomKind): Promise<number | null> {
    const room = await this.record();
    if (!room) return null;
    room.joins[userId] ??= Date.now();
    if (kind === 'TUTOR') await this.tutorArrived(room);
    await this.save(room);
    return room.joins[userId]!;
  }

  /**
   * Claims the one "I am waiting" alert per user and lesson, and names the lesson's tutors who are not in the room
   * (they are the ones to tell). Null when the alert was already sent.
   */
  async claimWaitingNotice(userId: string): Promise<string[] | null> {
    const room = await this.record();
    if (!room || room.waitingNotified.includes(userId)) return null;
    room.waitingNotified.push(userId);
    await this.save(room);
    const present = new Set(this.participants().map((p) => p.userId));
    return room.lesson.tutorIds.filter((id) => !present.has(id));
  }

  override async alarm() {
    const room = await this.record();
    if (!room || isClosed(room)) return;
    const now = Date.now();
    if (lateCheckDue(room) && now >= room.lesson.start + LATE_THRESHOLD_MS) {
      room.lateCheckedFor = room.lesson.start;
      // Saved before the mails go out: a retried alarm must not write a second entry.
      await this.save(room, false);
      // A room first visited after its lesson ended has nobody left to alert.
      if (now < lessonEnd(room.lesson))
        room.callLogId = await reportLateTutor(
          this.env,
          room.lesson,
          this.participants().map((p) => p.userId),
        );
    }
    if (now >= closesAt(room.lesson)) return this.close(room);
    await this.save(room);
  }

  /** A read only: it arms nothing and writes nothing, so asking a room nobody visited leaves no trace. */
  async presence(): Promise<WaitingRoomPresence> {
    const room = await this.record();
    return {
      participants: this.participants(),
      startedAt: room?.startedAt ?? null,
      tutorJoinedAt: room?.tutorJoinedAt ?? null,
      closed: room ? isClosed(room) : false,
    };
  }

  /** The health check's proof that Durable Objects answer: any reply will do. */
  ping() {
    return 'pong';
  }

  override async fetch(request: Request): Promise<Response> {
    const admission = admit(request, this.usedTickets);
    if (!admission.ok) return admission.refusal;
    const room = await this.record();
    if (room && isClosed(room)) return refuse(410, 'This lesson has ended');
    const { identity } = admission;
    const state: WaitingSocketState = { userId: identity.userId, name: identity.name, kind: kindForRole(identity.role), registeredAt: null };
    return acceptSocket(this.ctx, state).response;
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    const state = attachmentOf<WaitingSocketState>(ws);
    if (!state) return;
    if (!withinFrameRate(this.frames, ws, () => this.reply(ws, { type: 'error', message: SLOW_DOWN }))) return;
    const parsed = parseFrame(waitingRoomClientFrame, message);
    if (!parsed.ok) return this.reply(ws, { type: 'error', message: parsed.message });
    switch (parsed.frame.type) {
      case 'registerToWaitingRoom':
        return this.register(ws, state, parsed.frame.kind);
      case 'unRegisterFromWaitingRoom':
        return this.unregister(ws, state);
      case 'getWaitingRoomConnections':
        return this.reply(ws, { type: 'waitingRoomConnections', participants: this.participants() });
    }
  }

  override webSocketClose(ws: WebSocket) {
    this.leave(ws);
  }

  override webSocketError(ws: WebSocket) {
    this.leave(ws);
  }

  private async record() {
    return (await this.ctx.storage.get<RoomRecord>(ROOM_KEY)) ?? null;
  }

  /** Stores the record and, unless told otherwise, points the alarm at the room's next duty. */
  private async save(room: RoomRecord, rearm = true) {
    await this.ctx.storage.put(ROOM_KEY, room);
    if (!rearm) return;
    const due = nextAlarm(room);
    if (due === null) await this.ctx.storage.deleteAlarm();
    else if ((await this.ctx.storage.getAlarm()) !== due) await this.ctx.storage.setAlarm(due);
  }

  private status(room: RoomRecord): WaitingRoomStatus {
    return { startedAt: room.startedAt, closed: isClosed(room), participantIds: this.participants().map((p) => p.userId) };
  }

  private async tutorArrived(room: RoomRecord) {
    if (room.tutorJoinedAt !== null) return;
    room.tutorJoinedAt = Date.now();
    if (room.callLogId) await settleCallLog(this.env, room.lesson.tenantId, room.callLogId, { tutorJoinedAt: room.tutorJoinedAt });
  }

  /** Tells everyone the lesson is over and closes their sockets; the record stays, so the room stays shut. */
  private async close(room: RoomRecord) {
    if (room.callLogId && room.tutorJoinedAt === null) await settleCallLog(this.env, room.lesson.tenantId, room.callLogId, 'MISSED');
    room.closedFor = lessonEnd(room.lesson);
    await this.save(room);
    broadcast(this.ctx, { type: 'waitingRoomClosed', waitingId: room.lesson.sectionId } satisfies WaitingRoomServerFrame);
    for (const { ws } of openSockets(this.ctx)) ws.close(1000, 'This lesson has ended');
  }

  private startedFrame(room: RoomRecord): WaitingRoomServerFrame {
    return {
      type: 'meetingStarted',
      waitingId: room.lesson.sectionId,
      startedAt: new Date(room.startedAt!).toISOString(),
      startedBy: room.startedBy!,
      lessonRoomUrl: lessonRoomPath(room.lesson.sectionId),
    };
  }

  /**
   * Now, but later than every registration still here: the Workers clock stands still within an event, so two people
   * registering together would tie and the list's order would be the sockets' order instead of arrival.
   */
  private arrivalTime() {
    const latest = Math.max(0, ...this.participants().map((p) => Date.parse(p.joinedAt)));
    return Math.max(Date.now(), latest + 1);
  }

  private participants(except?: WebSocket) {
    return participantsOf(openSockets<WaitingSocketState>(this.ctx, except).map((s) => s.state));
  }

  private async register(ws: WebSocket, state: WaitingSocketState, requested: WaitingRoomKind | undefined) {
    if (requested && requested !== state.kind) {
      return this.reply(ws, { type: 'error', message: `kind: you can join this waiting room only as ${state.kind}` });
    }
    const alreadyPresent = this.participants().some((p) => p.userId === state.userId);
    if (state.registeredAt === null) ws.serializeAttachment({ ...state, registeredAt: this.arrivalTime() });
    const participant = this.participants().find((p) => p.userId === state.userId);
    if (!participant) return;
    const frame: WaitingRoomServerFrame = { type: 'onRegisteredToWaitingRoom', participant };
    // A second tab of someone already waiting is news only to that tab.
    if (alreadyPresent) this.reply(ws, frame);
    else broadcast(this.ctx, frame);

    const room = await this.record();
    if (!room) return;
    if (state.kind === 'TUTOR' && room.lesson.tutorIds.includes(state.userId) && room.tutorJoinedAt === null) {
      await this.tutorArrived(room);
      await this.save(room);
    }
    // Someone arriving after the start goes straight in with the others.
    if (room.startedAt !== null) this.reply(ws, this.startedFrame(room));
  }

  private unregister(ws: WebSocket, state: WaitingSocketState) {
    if (state.registeredAt === null) return;
    const participant = this.participants().find((p) => p.userId === state.userId);
    ws.serializeAttachment({ ...state, registeredAt: null });
    if (!participant) return;
    const frame: WaitingRoomServerFrame = { type: 'onUnRegisteredFromWaitingRoom', participant };
    if (this.participants().some((p) => p.userId === state.userId)) this.reply(ws, frame);
    else broadcast(this.ctx, frame);
  }

  /** A closed socket takes its registration with it; the others hear only when the user is gone entirely. */
  private leave(ws: WebSocket) {
    const state = attachmentOf<WaitingSocketState>(ws);
    if (!state || state.registeredAt === null) return;
    if (this.participants(ws).some((p) => p.userId === state.userId)) return;
    // This was the user's only registered socket, so its own registration is the whole participant.
    const [participant] = participantsOf([state]);
    if (participant) broadcast(this.ctx, { type: 'onUnRegisteredFromWaitingRoom', participant } satisfies WaitingRoomServerFrame, ws);
  }

  private reply(ws: WebSocket, frame: WaitingRoomServerFrame) {
    send(ws, frame);
  }
}
