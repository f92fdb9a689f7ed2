import { and, eq } from 'drizzle-orm';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WATCHING_REFUSAL } from '../../durable-objects/lib/av-relay';
import { AV_MESSAGE_SIGNAL, type AvClientFrame, type AvServerFrame } from '../../schema/contracts/av-signal';
import { lessonAttendance } from '../../schema/tables';
import { boardOf, docTicket, eventually, type LessonFixture, lessonFixture, notesOf, openDoc, type Person } from '../helpers/docs';
import { db } from '../helpers/realtime';

/**
 * The lesson board's signalling (message type 101). Who may open the socket at all is the document rooms' gate,
 * proved in tests/api/docs.test.ts ("answers 404 to people outside the lesson …", "gives a parent no seat …"):
 * signalling rides on that socket, so a non-member never reaches it.
 */

let lesson: LessonFixture;
const on = { mic: true, camera: true, screen: false };
const sockets: WebSocket[] = [];

beforeAll(async () => {
  lesson = await lessonFixture();
});

afterEach(() => {
  for (const ws of sockets.splice(0)) ws.close(1000, 'done');
});

interface Peer {
  ws: WebSocket;
  frames: AvServerFrame[];
  peerId: string;
  send(frame: AvClientFrame | Record<string, unknown>): void;
}

/** Opens the board's socket without joining the call. */
async function open(person: Person, name: string): Promise<Peer> {
  const res = await openDoc(name, await docTicket(person.token, name));
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  ws.binaryType = 'arraybuffer';
  sockets.push(ws);
  const frames: AvServerFrame[] = [];
  ws.addEventListener('message', (event) => {
    if (typeof event.data === 'string') return;
    const decoder = decoding.createDecoder(new Uint8Array(event.data as ArrayBuffer));
    if (decoding.readVarUint(decoder) === AV_MESSAGE_SIGNAL) frames.push(JSON.parse(decoding.readVarString(decoder)) as AvServerFrame);
  });
  const send = (frame: unknown) => {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, AV_MESSAGE_SIGNAL);
    encoding.writeVarString(encoder, JSON.stringify(frame));
    ws.send(encoding.toUint8Array(encoder));
  };
  return { ws, frames, peerId: '', send };
}

/** Opens the board's socket and joins the call with `media`: the room answers with a welcome naming this peer. */
async function join(person: Person, name: string, media = on): Promise<Peer> {
  const peer = await open(person, name);
  peer.send({ type: 'media', media });
  await eventually(() => {
    const welcome = peer.frames.find((f) => f.type === 'welcome');
    expect(welcome).toBeDefined();
    if (welcome?.type === 'welcome') peer.peerId = welcome.peerId;
  });
  return peer;
}

const freshBoard = async () => boardOf((await lesson.addSection())._id);
const kinds = (peer: Peer) => peer.frames.map((f) => f.type);
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('signalling', () => {
  it('tells a socket who is in the call as it opens, before it joins, under the peer id its welcome confirms', async () => {
    const name = await freshBoard();
    const tutor = await join(lesson.tutor, name);
    const student = await open(lesson.student, name);
    await eventually(() => expect(kinds(student)).toContain('roster'));
    const roster = student.frames.find((f) => f.type === 'roster');
    expect(roster).toMatchObject({ type: 'roster', peers: [{ peerId: tutor.peerId, userId: lesson.tutor.user._id }] });
    // Nothing else reached it before the join; joining, it offers to the tutor by the roster's peer id.
    expect(kinds(student)).toEqual(['roster']);
    student.send({ type: 'media', media: on });
    student.send({ type: 'offer', to: tutor.peerId, sdp: 'v=0 straight after joining' });
    await eventually(() =>
      expect(tutor.frames).toContainEqual({ type: 'offer', from: roster?.type === 'roster' ? roster.peerId : '', sdp: 'v=0 straight after joining' }),
    );
    await eventually(() => expect(student.frames.find((f) => f.type === 'welcome')).toMatchObject({ peerId: roster?.type === 'roster' ? roster.peerId : '' }));
  });

  it('relays an offer, answer and candidate to the named peer only: not the third, not the sender', async () => {
    const name = await freshBoard();
    const a = await join(lesson.tutor, name);
    const b = await join(lesson.student, name);
    const c = await join(lesson.editingAdmin, name);
    await eventually(() => expect(a.frames.filter((f) => f.type === 'peer')).toHaveLength(2));

    a.send({ type: 'offer', to: b.peerId, sdp: 'v=0 offer for B' });
    await eventually(() => expect(b.frames).toContainEqual({ type: 'offer', from: a.peerId, sdp: 'v=0 offer for B' }));
    b.send({ type: 'answer', to: a.peerId, sdp: 'v=0 answer for A' });
    b.send({ type: 'ice', to: a.peerId, candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host', sdpMid: '0', sdpMLineIndex: 0 } });
    await eventually(() => expect(kinds(a)).toContain('ice'));
    await settle();

    expect(a.frames).toContainEqual({ type: 'answer', from: b.peerId, sdp: 'v=0 answer for A' });
    expect(kinds(a)).not.toContain('offer');
    expect(kinds(b)).not.toContain('answer');
    expect(kinds(b)).not.toContain('ice');
    for (const type of ['offer', 'answer', 'ice']) expect(kinds(c)).not.toContain(type);
  });

  it('makes two tabs of one person two peers, and an offer reaches only the tab it names', async () => {
    const name = await freshBoard();
    const tutor = await join(lesson.tutor, name);
    const tab1 = await join(lesson.student, name);
    const tab2 = await join(lesson.student, name);
    expect(new Set([tutor.peerId, tab1.peerId, tab2.peerId]).size).toBe(3);
    await eventually(() => expect(tutor.frames.filter((f) => f.type === 'peer')).toHaveLength(2));
    tutor.send({ type: 'offer', to: tab2.peerId, sdp: 'v=0 for the second tab' });
    await eventually(() => expect(kinds(tab2)).toContain('offer'));
    await settle();
    expect(kinds(tab1)).not.toContain('offer');
  });

  it('tells a newcomer who is in the call, and everyone when someone leaves', async () => {
    const name = await freshBoard();
    const a = await join(lesson.tutor, name);
    const b = await join(lesson.student, name);
    const welcome = b.frames.find((f) => f.type === 'welcome');
    expect(welcome).toMatchObject({ type: 'welcome', watching: false, peers: [{ peerId: a.peerId, userId: lesson.tutor.user._id, media: on }] });
    a.ws.close(1000, 'bye');
    await eventually(() => expect(b.frames).toContainEqual({ type: 'peerLeft', peerId: a.peerId }));
    // An offer for someone gone is answered with their departure, so the sender stops waiting.
    b.send({ type: 'offer', to: a.peerId, sdp: 'v=0 too late' });
    await eventually(() => expect(b.frames.filter((f) => f.type === 'peerLeft')).toHaveLength(2));
  });

  it('refuses a malformed frame in words and relays nothing', async () => {
    const name = await freshBoard();
    const a = await join(lesson.tutor, name);
    const b = await join(lesson.student, name);
    await eventually(() => expect(kinds(a)).toContain('peer'));
    a.send({ type: 'offer', to: b.peerId });
    a.send({ type: 'offer', to: 'not-a-peer', sdp: 'v=0' });
    a.send({ type: 'broadcast', sdp: 'v=0' });
    await eventually(() => expect(a.frames.filter((f) => f.type === 'refused')).toHaveLength(3));
    expect(a.frames.find((f) => f.type === 'refused')).toEqual({ type: 'refused', message: 'Invalid frame: sdp: is required' });
    await settle();
    expect(kinds(b)).not.toContain('offer');
    // The board itself carries on: the socket is still open.
    expect(a.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('refuses signalling from someone who has not joined the call, and signalling on the notes', async () => {
    const name = await freshBoard();
    const a = await open(lesson.tutor, name);
    const b = await join(lesson.student, name);
    a.send({ type: 'offer', to: b.peerId, sdp: 'v=0' });
    await eventually(() => expect(a.frames).toContainEqual({ type: 'refused', message: 'Join the call before signalling to someone.' }));
    expect(kinds(b)).not.toContain('offer');

    const notes = notesOf(name.split(':')[1]!);
    const res = await openDoc(notes, await docTicket(lesson.student.token, notes));
    const ws = res.webSocket!;
    ws.accept();
    ws.binaryType = 'arraybuffer';
    sockets.push(ws);
    const got: string[] = [];
    ws.addEventListener('message', (event) => {
      if (typeof event.data !== 'string') got.push(String(new Uint8Array(event.data as ArrayBuffer)[0]));
    });
    await settle();
    expect(got).not.toContain(String(AV_MESSAGE_SIGNAL));
  });

  it('lets an admin who only watches receive, but not share a microphone, camera or screen', async () => {
    const name = await freshBoard();
    const refused = await open(lesson.viewingAdmin, name);
    refused.send({ type: 'media', media: on });
    await eventually(() => expect(refused.frames).toContainEqual({ type: 'refused', message: WATCHING_REFUSAL }));
    expect(kinds(refused)).not.toContain('welcome');
    const tutor = await join(lesson.tutor, name);
    const watcher = await join(lesson.viewingAdmin, name, { mic: false, camera: false, screen: false });
    expect(watcher.frames.find((f) => f.type === 'welcome')).toMatchObject({ type: 'welcome', watching: true });
    await eventually(() => expect(tutor.frames.find((f) => f.type === 'peer')).toMatchObject({ peer: { peerId: watcher.peerId, watching: true } }));
    tutor.send({ type: 'offer', to: watcher.peerId, sdp: 'v=0 to the watcher' });
    await eventually(() => expect(kinds(watcher)).toContain('offer'));
    watcher.send({ type: 'answer', to: tutor.peerId, sdp: 'v=0 receive only' });
    await eventually(() => expect(kinds(tutor)).toContain('answer'));
  });
});

describe('engagement', () => {
  const attendanceOf = (sectionId: string, userId: string) =>
    db
      .select()
      .from(lessonAttendance)
      .where(and(eq(lessonAttendance.sectionId, sectionId), eq(lessonAttendance.userId, userId)))
      .get();

  it('adds camera and microphone seconds to the attendance, once for two tabs, and when the socket closes', async () => {
    const section = await lesson.addSection();
    const name = boardOf(section._id);
    const tab1 = await join(lesson.student, name, { mic: true, camera: true, screen: false });
    const tab2 = await join(lesson.student, name, { mic: false, camera: true, screen: false });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    // The first tab stops its camera: the time so far is booked and the second tab, camera still on, carries it on.
    tab1.send({ type: 'media', media: { mic: false, camera: false, screen: false } });
    await eventually(async () => expect((await attendanceOf(section._id, lesson.student.user._id))?.micSeconds).toBeGreaterThanOrEqual(1));
    expect((await attendanceOf(section._id, lesson.student.user._id))?.cameraSeconds).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    tab2.ws.close(1000, 'gone');
    await eventually(async () => expect((await attendanceOf(section._id, lesson.student.user._id))?.cameraSeconds).toBeGreaterThanOrEqual(2));
    const row = await attendanceOf(section._id, lesson.student.user._id);
    // Counted once: two tabs with the camera on for about two seconds make about two seconds, not four.
    expect(row?.cameraSeconds).toBeLessThan(4);
    expect(row?.micSeconds).toBeLessThan(3);
  });
});
