import { beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_FRAMES, DOCUMENT_FRAMES, FLOOD_CLOSE, FrameRateLimit, SLOW_DOWN } from '../../durable-objects/lib/frame-rate';
import { boardOf, docTicket, lessonFixture, openDoc } from '../helpers/docs';
import { RoomClient, type signedInUser } from '../helpers/realtime';
import { waitingLesson, waitingPeople } from '../helpers/waiting-room';

type Person = Awaited<ReturnType<typeof signedInUser>>;

/** How a socket ended: its close code and reason, as the client saw them. */
const closed = (ws: WebSocket) =>
  new Promise<{ code: number; reason: string }>((resolve) => ws.addEventListener('close', (event) => resolve({ code: event.code, reason: event.reason })));

const sendAll = (send: () => void, count: number) => {
  for (let i = 0; i < count; i += 1) {
    try {
      send();
    } catch {
      // The room closed the socket mid-flood: the rest have nowhere to go.
    }
  }
};

describe('the bucket', () => {
  it('lets a burst through, refills at the rate, reports the first dropped frame once, and closes a socket that keeps flooding', () => {
    let now = 0;
    const limit = new FrameRateLimit({ perSecond: 10, burst: 3, closeAfter: 5 }, () => now);
    const ws = {} as WebSocket;
    expect([1, 2, 3].map(() => limit.take(ws))).toEqual(['ok', 'ok', 'ok']);
    expect([1, 2, 3, 4].map(() => limit.take(ws))).toEqual(['dropFirst', 'drop', 'drop', 'drop']);
    now += 100;
    expect(limit.take(ws)).toBe('ok');
    expect(limit.take(ws)).toBe('close');
    // Calm for long enough to fill the bucket: a new start, with its own first refusal.
    const calm = {} as WebSocket;
    expect([1, 2, 3, 4].map(() => limit.take(calm))).toEqual(['ok', 'ok', 'ok', 'dropFirst']);
    now += 1000;
    expect([1, 2, 3, 4].map(() => limit.take(calm))).toEqual(['ok', 'ok', 'ok', 'dropFirst']);
  });
});

describe('a flooding socket, in the real rooms', () => {
  let student: Person;
  let tutor: Person;

  beforeAll(async () => {
    ({ student, tutor } = await waitingPeople());
  });

  it('the waiting room answers within the burst, sends one error frame, then closes the socket with a clear code', async () => {
    const { waitingId } = await waitingLesson({ tutors: [tutor], students: [student] });
    const client = await RoomClient.open(waitingId, student.token);
    const end = closed(client.ws);
    sendAll(() => client.send({ type: 'getWaitingRoomConnections' }), 2000);
    expect(await end).toEqual(FLOOD_CLOSE);
    let answered = 0;
    while (!(await client.quiet('waitingRoomConnections', 0))) answered += 1;
    // The burst, and what the bucket refilled while the frames arrived.
    expect(answered).toBeGreaterThanOrEqual(COMMAND_FRAMES.burst);
    expect(answered).toBeLessThan(COMMAND_FRAMES.burst + 2 * COMMAND_FRAMES.perSecond);
    expect(await client.next('error', 0)).toEqual({ type: 'error', message: SLOW_DOWN });
    expect(await client.quiet('error', 0)).toBe(true);
  });

  it('a document socket flooding binary frames is closed with the same code; its client would reconnect and sync', async () => {
    const lesson = await lessonFixture();
    const name = boardOf(lesson.section._id);
    const res = await openDoc(name, await docTicket(lesson.tutor.token, name));
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    ws.binaryType = 'arraybuffer';
    ws.accept();
    const end = closed(ws);
    // Each frame asks for the others' awareness (message type 3 of the y-websocket protocol).
    sendAll(() => ws.send(new Uint8Array([3])), DOCUMENT_FRAMES.burst * 3);
    expect(await end).toEqual(FLOOD_CLOSE);
  });
});
