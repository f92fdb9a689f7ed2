import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WaitingRoom } from '../../durable-objects/waiting-room';
import { RoomClient, type signedInUser, uniqueWaitingId } from '../helpers/realtime';
import { waitingLesson, waitingPeople } from '../helpers/waiting-room';

type Person = Awaited<ReturnType<typeof signedInUser>>;
let student: Person;
let tutor: Person;
let admin: Person;

beforeAll(async () => {
  ({ student, tutor, admin } = await waitingPeople());
});

/** A fresh lesson of the student and the tutor, so every test has a room of its own. */
const newLesson = async () => (await waitingLesson({ tutors: [tutor], students: [student] })).waitingId;

const roomStub = (person: Person, waitingId: string) =>
  env.WAITING_ROOM.get(env.WAITING_ROOM.idFromName(`${person.tenant._id}:${waitingId}`));

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
    for (const bad of ['not json', JSON.stringify({ type: 'sendMessage' }), JSON.stringify([1]), JSON.stringify({ type: 'registerToWaitingRoom', kind: 'PARENT' })]) {
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
