import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RoomRecord } from '../../durable-objects/lib/waiting-room-lesson';
import type { WaitingRoom } from '../../durable-objects/waiting-room';
import { callLogs, emailOutbox, sections } from '../../schema/tables';
import { db, RoomClient, type signedInUser, ticketFor, uniqueWaitingId, upgrade } from '../helpers/realtime';
import { MINUTE, waitingLesson, waitingPeople } from '../helpers/waiting-room';

type Person = Awaited<ReturnType<typeof signedInUser>>;
let student: Person;
let tutor: Person;
let admin: Person;

beforeAll(async () => {
  ({ student, tutor, admin } = await waitingPeople());
});

/** A fresh lesson of the student and the tutor, so every test has a room of its own. */
const newLesson = async () => (await waitingLesson({ tutors: [tutor], students: [student] })).waitingId;

const roomStub = (person: Person, waitingId: string) => env.WAITING_ROOM.get(env.WAITING_ROOM.idFromName(`${person.tenant._id}:${waitingId}`));

describe('happy', () => {
  it('round-trips a frame through the real room', async () => {
    const waitingId = await newLesson();
    const client = await RoomClient.open(waitingId, student.token);
    client.send({ type: 'getWaitingRoomConnections' });
    expect(await client.next('waitingRoomConnections')).toEqual({ type: 'waitingRoomConnections', participants: [] });

    client.send({ type: 'registerToWaitingRoom', kind: 'STUDENT' });
    const registered = await client.next('onRegisteredToWaitingRoom');
    expect(registered.participant).toEqual({
      userId: student.user._id,
      name: 'Sara Lim',
      kind: 'STUDENT',
      joinedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    client.close();
  });

  it('shows two clients each other, and tells the other when one leaves', async () => {
    const waitingId = await newLesson();
    const a = await RoomClient.open(waitingId, student.token);
    const b = await RoomClient.open(waitingId, tutor.token);

    a.send({ type: 'registerToWaitingRoom' });
    expect((await b.next('onRegisteredToWaitingRoom')).participant).toMatchObject({ userId: student.user._id, kind: 'STUDENT' });
    await a.next('onRegisteredToWaitingRoom');

    b.send({ type: 'registerToWaitingRoom', kind: 'TUTOR' });
    expect((await a.next('onRegisteredToWaitingRoom')).participant).toMatchObject({ userId: tutor.user._id, name: 'Tomas Ng', kind: 'TUTOR' });

    a.send({ type: 'getWaitingRoomConnections' });
    const { participants } = await a.next('waitingRoomConnections');
    expect(participants.map((p) => [p.userId, p.kind])).toEqual([
      [student.user._id, 'STUDENT'],
      [tutor.user._id, 'TUTOR'],
    ]);

    b.send({ type: 'unRegisterFromWaitingRoom' });
    expect((await a.next('onUnRegisteredFromWaitingRoom')).participant.userId).toBe(tutor.user._id);

    b.send({ type: 'registerToWaitingRoom' });
    await a.next('onRegisteredToWaitingRoom');
    b.close();
    expect((await a.next('onUnRegisteredFromWaitingRoom')).participant.userId).toBe(tutor.user._id);
    a.close();
  });

  it('keeps the same sockets and the presence list across eviction', async () => {
    const waitingId = await newLesson();
    const a = await RoomClient.open(waitingId, student.token);
    const b = await RoomClient.open(waitingId, admin.token);
    a.send({ type: 'registerToWaitingRoom' });
    await b.next('onRegisteredToWaitingRoom');
    b.send({ type: 'registerToWaitingRoom', kind: 'ADMIN' });
    await a.next('onRegisteredToWaitingRoom');
    a.send({ type: 'getWaitingRoomConnections' });
    const before = (await a.next('waitingRoomConnections')).participants;

    const stub = roomStub(student, waitingId);
    const marker = Symbol.for('studyhall.test.instance');
    await runInDurableObject(stub, (instance: WaitingRoom) => {
      (instance as unknown as Record<symbol, boolean>)[marker] = true;
    });
    await evictDurableObject(stub);

    b.send({ type: 'getWaitingRoomConnections' });
    expect((await b.next('waitingRoomConnections')).participants).toEqual(before);
    // A new instance answered: the in-memory marker is gone, the sockets are still attached.
    const woken = await runInDurableObject(stub, (instance: WaitingRoom, state) => ({
      marked: (instance as unknown as Record<symbol, boolean>)[marker] === true,
      sockets: state.getWebSockets().length,
    }));
    expect(woken).toEqual({ marked: false, sockets: 2 });

    a.close();
    expect((await b.next('onUnRegisteredFromWaitingRoom')).participant.userId).toBe(student.user._id);
    b.close();
  });

  it('answers ping with pong without waking the room', async () => {
    const waitingId = await newLesson();
    const client = await RoomClient.open(waitingId, student.token);
    const stub = roomStub(student, waitingId);
    await evictDurableObject(stub);
    client.send('ping');
    expect(await client.next('pong')).toBe('pong');
    // Eviction refuses an object that is not running: the runtime answered the ping on its own.
    await expect(evictDurableObject(stub)).rejects.toThrow(/not currently running/);

    client.send({ type: 'getWaitingRoomConnections' });
    await client.next('waitingRoomConnections');
    await expect(evictDurableObject(stub)).resolves.toBeUndefined();
    client.close();
  });

  it('lists a user with two tabs once and keeps them until the last tab leaves', async () => {
    const waitingId = await newLesson();
    const watcher = await RoomClient.open(waitingId, tutor.token);
    const tab1 = await RoomClient.open(waitingId, student.token);
    const tab2 = await RoomClient.open(waitingId, student.token);
    tab1.send({ type: 'registerToWaitingRoom' });
    await watcher.next('onRegisteredToWaitingRoom');
    tab2.send({ type: 'registerToWaitingRoom' });
    await tab2.next('onRegisteredToWaitingRoom');
    expect(await watcher.quiet('onRegisteredToWaitingRoom')).toBe(true);

    tab1.close();
    expect(await watcher.quiet('onUnRegisteredFromWaitingRoom')).toBe(true);
    watcher.send({ type: 'getWaitingRoomConnections' });
    expect((await watcher.next('waitingRoomConnections')).participants).toHaveLength(1);
    tab2.close();
    expect((await watcher.next('onUnRegisteredFromWaitingRoom')).participant.userId).toBe(student.user._id);
    watcher.close();
  });
});

describe('errors', () => {
  it('answers an invalid frame with an error frame and stays open', async () => {
    const client = await RoomClient.open(await newLesson(), student.token);
    for (const bad of [
      'not json',
      JSON.stringify({ type: 'sendMessage' }),
      JSON.stringify([1]),
      JSON.stringify({ type: 'registerToWaitingRoom', kind: 'PARENT' }),
    ]) {
      client.send(bad);
      const { message } = await client.next('error');
      expect(message).toMatch(/^(Invalid frame|Frames must)/);
      expect(message).not.toMatch(/\bat\s.+:\d+/);
    }
    client.send(new Uint8Array([1, 2, 3]));
    expect((await client.next('error')).message).toBe('Frames must be JSON text');
    client.send({ type: 'getWaitingRoomConnections' });
    await client.next('waitingRoomConnections');
    client.close();
  });
});

describe('permissions', () => {
  it('does not let a student claim to be an admin or a tutor', async () => {
    const waitingId = await newLesson();
    const client = await RoomClient.open(waitingId, student.token);
    for (const kind of ['ADMIN', 'TUTOR']) {
      client.send({ type: 'registerToWaitingRoom', kind });
      expect((await client.next('error')).message).toBe('kind: you can join this waiting room only as STUDENT');
    }
    client.send({ type: 'getWaitingRoomConnections' });
    expect((await client.next('waitingRoomConnections')).participants).toEqual([]);
    client.close();
  });

  it('refuses a request that did not come through the Worker', async () => {
    const res = await roomStub(student, uniqueWaitingId()).fetch('https://waiting-room/connect', { headers: { upgrade: 'websocket' } });
    expect(res.status).toBe(401);
    expect(res.webSocket).toBeNull();
  });
});

describe('late tutor and closing', () => {
  const logsOf = (waitingId: string) => db.select().from(callLogs).where(eq(callLogs.sectionId, waitingId)).all();
  const mailsTo = (person: Person) => db.select().from(emailOutbox).where(eq(emailOutbox.to, person.user.email!)).all();

  /** Time passes: the lesson (in D1 and in the room's record) now started `minutesAgo` minutes ago. */
  async function startedAgo(waitingId: string, minutesAgo: number) {
    const start = Date.now() - minutesAgo * MINUTE;
    await db
      .update(sections)
      .set({ start: new Date(start) })
      .where(eq(sections._id, waitingId));
    await runInDurableObject(roomStub(student, waitingId), async (_instance: WaitingRoom, state) => {
      const room = (await state.storage.get<RoomRecord>('room'))!;
      await state.storage.put('room', { ...room, lesson: { ...room.lesson, start } });
    });
  }

  /** The student waits in a lesson that started two minutes ago, and the room's alarm has reported the tutor late. */
  async function studentWaitingForLateTutor() {
    const { waitingId } = await waitingLesson({ tutors: [tutor], students: [student], start: new Date(Date.now() - 2 * MINUTE) });
    const waiting = await RoomClient.open(waitingId, student.token);
    waiting.send({ type: 'registerToWaitingRoom' });
    await waiting.next('onRegisteredToWaitingRoom');
    await runDurableObjectAlarm(roomStub(student, waitingId));
    expect((await logsOf(waitingId))[0]?.status).toBe('LATE');
    return { waitingId, waiting };
  }

  it('mails the tutor, then the admins, and writes one call log when the tutor is a minute late', async () => {
    const { waitingId } = await waitingLesson({ tutors: [tutor], students: [student], start: new Date(Date.now() - 2 * MINUTE) });
    const tutorMails = (await mailsTo(tutor)).length;
    const adminMails = (await mailsTo(admin)).length;
    const waiting = await RoomClient.open(waitingId, student.token);
    waiting.send({ type: 'registerToWaitingRoom' });
    await waiting.next('onRegisteredToWaitingRoom');
    // The alarm belongs to the stored room, not to the instance: it survives eviction.
    await evictDurableObject(roomStub(student, waitingId));

    expect(await runDurableObjectAlarm(roomStub(student, waitingId))).toBe(true);
    const [log, ...more] = await logsOf(waitingId);
    expect(more).toEqual([]);
    expect(log).toMatchObject({
      tenantId: student.tenant._id,
      tutorId: tutor.user._id,
      studentIds: [student.user._id],
      waitingUserIds: [student.user._id],
      status: 'LATE',
      error: null,
      tutorJoinedAt: null,
    });
    expect(log!.notifiedUserIds[0]).toBe(tutor.user._id);
    expect(log!.notifiedUserIds).toContain(admin.user._id);
    const toTutor = await mailsTo(tutor);
    expect(toTutor).toHaveLength(tutorMails + 1);
    expect(toTutor.at(-1)).toMatchObject({ subject: 'Your lesson has started: Quadratics' });
    expect(toTutor.at(-1)!.text).toContain('1 person is in the waiting room.');
    expect((await mailsTo(admin)).at(-1)).toMatchObject({ subject: 'Tutor late: Quadratics' });
    expect(await mailsTo(admin)).toHaveLength(adminMails + 1);

    // The next alarm is the close, not a second late report.
    expect(await runDurableObjectAlarm(roomStub(student, waitingId))).toBe(true);
    expect(await logsOf(waitingId)).toHaveLength(1);

    const late = await RoomClient.open(waitingId, tutor.token);
    late.send({ type: 'registerToWaitingRoom' });
    await waiting.next('onRegisteredToWaitingRoom');
    const [settled] = await logsOf(waitingId);
    expect(settled).toMatchObject({ status: 'JOINED_LATE', tutorJoinedAt: expect.any(Date) });
    late.close();
    waiting.close();
  });

  it("counts the tutor's arrival in the lesson room (notify-user-joined-to-meeting) as joining late", async () => {
    const { waitingId, waiting } = await studentWaitingForLateTutor();
    const res = await exports.default.fetch('http://localhost/api/notify-user-joined-to-meeting', {
      method: 'POST',
      headers: { authorization: `Bearer ${tutor.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ waitingId }),
    });
    expect(res.status).toBe(200);
    expect((await logsOf(waitingId))[0]).toMatchObject({ status: 'JOINED_LATE', tutorJoinedAt: expect.any(Date) });
    waiting.close();
  });

  it('writes no call log when the tutor is there in time', async () => {
    const { waitingId } = await waitingLesson({ tutors: [tutor], students: [student], start: new Date(Date.now() + 30 * MINUTE) });
    const present = await RoomClient.open(waitingId, tutor.token);
    present.send({ type: 'registerToWaitingRoom' });
    await present.next('onRegisteredToWaitingRoom');
    await startedAgo(waitingId, 2);
    await runDurableObjectAlarm(roomStub(student, waitingId));
    expect(await logsOf(waitingId)).toEqual([]);
    present.close();
  });

  it('closes itself after the lesson ends, marks a tutor who never came as missed, and lets nobody back in', async () => {
    const { waitingId, waiting } = await studentWaitingForLateTutor();

    await startedAgo(waitingId, 60 + 31);
    expect(await runDurableObjectAlarm(roomStub(student, waitingId))).toBe(true);
    expect(await waiting.next('waitingRoomClosed')).toEqual({ type: 'waitingRoomClosed', waitingId });
    expect((await logsOf(waitingId))[0]?.status).toBe('MISSED');
    const sockets = await runInDurableObject(roomStub(student, waitingId), async (_i: WaitingRoom, state) => ({
      open: state.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN).length,
      alarm: await state.storage.getAlarm(),
    }));
    expect(sockets).toEqual({ open: 0, alarm: null });

    const res = await upgrade(waitingId, await ticketFor(student.token, waitingId));
    expect(res.status).toBe(409);
    expect(res.webSocket).toBeNull();
  });
});
