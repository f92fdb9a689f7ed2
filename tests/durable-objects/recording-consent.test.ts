import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LAST_CHUNK_GRACE_MS, RecordingConsent } from '../../durable-objects/lib/recording-consent';
import { type RecordingFrame, recordingFrame } from '../../schema/contracts/lesson-recordings';
import { DOC_MESSAGE_RECORDING } from '../../schema/contracts/realtime';
import { api, bearer, chunkForm } from '../helpers/auth';
import { boardOf, eventually, type LessonFixture, lessonFixture, notesOf, type Person, roomClients, roomStub } from '../helpers/docs';

let lesson: LessonFixture;
/** Stock clients that keep the recording frames they hear, each checked by the contract. */
const clients = roomClients(DOC_MESSAGE_RECORDING, (text) => recordingFrame.parse(JSON.parse(text)));

beforeAll(async () => {
  lesson = await lessonFixture();
});

afterEach(clients.closeAll);

const post = (person: Person, path: string, body: unknown, sectionId: string) =>
  api(`/lesson-rooms/${sectionId}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(person.token) },
    body: JSON.stringify(body),
  });

const WEBM_HEAD = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);
function chunk(person: Person, sectionId: string) {
  const now = Date.now();
  const query = new URLSearchParams({ track: crypto.randomUUID().replaceAll('-', ''), seq: '0', startedAt: String(now - 3000), sentAt: String(now) });
  return api(`/lesson-rooms/${sectionId}/recordings/chunks?${query}`, {
    method: 'POST',
    headers: bearer(person.token),
    body: chunkForm(WEBM_HEAD, 'audio/webm;codecs=opus'),
  });
}

const decisionOf = (frame: RecordingFrame | undefined, person: Person) => frame?.people.find((p) => p.userId === person.user._id)?.decision;
const stored = async (sectionId: string) => (await env.FILES.list({ prefix: `${lesson.tenantId}/lesson-recordings/${sectionId}/` })).objects.length;

describe('recording consent in the lesson board’s room', () => {
  it('consent is required before any recording chunk is accepted', async () => {
    const sectionId = (await lesson.addSection())._id;
    const sara = await clients.join(lesson.student, boardOf(sectionId));
    const tomas = await clients.join(lesson.tutor, boardOf(sectionId));
    // A room that is not recording tells only who arrives, not everyone, at each arrival.
    expect(sara.frames.map((f) => f.state)).toEqual(['off']);
    expect(tomas.frames.map((f) => f.state)).toEqual(['off']);
    expect((await chunk(lesson.tutor, sectionId)).status).toBe(409);

    const asked = await (await post(lesson.tutor, '/recording', { recording: true }, sectionId)).json<RecordingFrame>();
    expect(asked.state).toBe('asking');
    expect(asked.askedBy).toEqual({ userId: lesson.tutor.user._id, name: 'Tomas Ng' });
    await eventually(() => expect(sara.last()?.state).toBe('asking'));
    expect(decisionOf(sara.last(), lesson.student)).toBe('pending');
    expect(decisionOf(sara.last(), lesson.tutor)).toBe('agreed');
    // Asked is not agreed: while Sara has not said yes, nobody's chunk is taken, the tutor's included.
    expect((await chunk(lesson.student, sectionId)).status).toBe(409);
    expect((await chunk(lesson.tutor, sectionId)).status).toBe(409);

    await post(lesson.student, '/recording/consent', { agree: false }, sectionId);
    await eventually(() => expect(decisionOf(tomas.last(), lesson.student)).toBe('declined'));
    expect(tomas.last()?.state).toBe('asking');
    expect((await chunk(lesson.tutor, sectionId)).status).toBe(409);
    expect(await stored(sectionId)).toBe(0);

    await post(lesson.student, '/recording/consent', { agree: true }, sectionId);
    await eventually(() => expect(tomas.last()?.state).toBe('recording'));
    expect(sara.last()?.startedAt).toEqual(expect.any(Number));
    expect((await chunk(lesson.student, sectionId)).status).toBe(201);
    expect((await chunk(lesson.tutor, sectionId)).status).toBe(201);

    // Someone joining later is asked, and is not recorded until they agree; the others carry on.
    const eddie = await clients.join(lesson.editingAdmin, boardOf(sectionId));
    await eventually(() => expect(decisionOf(eddie.last(), lesson.editingAdmin)).toBe('pending'));
    expect(eddie.last()?.state).toBe('recording');
    expect((await chunk(lesson.editingAdmin, sectionId)).status).toBe(409);
    expect((await chunk(lesson.student, sectionId)).status).toBe(201);
    await post(lesson.editingAdmin, '/recording/consent', { agree: true }, sectionId);
    expect((await chunk(lesson.editingAdmin, sectionId)).status).toBe(201);

    // Withdrawing stops that person's recording only.
    await post(lesson.student, '/recording/consent', { agree: false }, sectionId);
    await eventually(() => expect(decisionOf(tomas.last(), lesson.student)).toBe('withdrawn'));
    expect((await chunk(lesson.student, sectionId)).status).toBe(409);
    expect((await chunk(lesson.tutor, sectionId)).status).toBe(201);
    expect(await stored(sectionId)).toBe(5);
  });

  it('starts once the one person who had not agreed leaves, and tells who is left', async () => {
    const sectionId = (await lesson.addSection())._id;
    const sara = await clients.join(lesson.student, boardOf(sectionId));
    const tomas = await clients.join(lesson.tutor, boardOf(sectionId));
    await post(lesson.tutor, '/recording', { recording: true }, sectionId);
    await eventually(() => expect(sara.last()?.state).toBe('asking'));
    clients.leave(sara);
    await eventually(() => expect(tomas.last()?.state).toBe('recording'));
    // Sara left without a word: the room no longer lists her as someone to wait for.
    expect(tomas.last()?.people.map((p) => [p.name, p.decision])).toEqual([['Tomas Ng', 'agreed']]);
    expect((await chunk(lesson.tutor, sectionId)).status).toBe(201);
    expect((await chunk(lesson.student, sectionId)).status).toBe(409);
  });

  it('neither asks nor waits for someone who only watches', async () => {
    const sectionId = (await lesson.addSection())._id;
    const vera = await clients.join(lesson.viewingAdmin, boardOf(sectionId));
    await clients.join(lesson.tutor, boardOf(sectionId));
    const asked = await (await post(lesson.tutor, '/recording', { recording: true }, sectionId)).json<RecordingFrame>();
    expect(asked.state).toBe('recording');
    expect(asked.people.map((p) => p.name)).toEqual(['Tomas Ng']);
    await eventually(() => expect(vera.last()?.state).toBe('recording'));
  });

  it('takes a chunk only from someone who agreed in the current round, and a stopped one’s last chunks only briefly', async () => {
    const name = boardOf((await lesson.addSection())._id);
    await runInDurableObject(roomStub(lesson.tenantId, name), (_room, state) => {
      const consent = new RecordingConsent(state.storage.sql);
      const at = 1_000_000;
      expect(consent.mayRecord('tutor', at)).toBe(false);
      consent.ask('tutor', at, ['tutor', 'student']);
      expect(consent.mayRecord('tutor', at)).toBe(false);
      expect(consent.decide('student', true, at + 1, ['tutor', 'student'])).toBe(true);
      expect([consent.mayRecord('tutor', at + 2), consent.mayRecord('student', at + 2), consent.mayRecord('someone', at + 2)]).toEqual([true, true, false]);
      consent.stop(at + 10);
      expect(consent.mayRecord('student', at + 10 + LAST_CHUNK_GRACE_MS)).toBe(true);
      expect(consent.mayRecord('student', at + 11 + LAST_CHUNK_GRACE_MS)).toBe(false);
      expect(consent.decide('student', true, at + 20, ['tutor', 'student'])).toBe(false);
      consent.ask('tutor', at + 30, ['tutor', 'student']);
      expect(consent.mayRecord('student', at + 31)).toBe(false);
      expect(consent.log().map((c) => [c.userId, c.decision, c.at - at])).toEqual([
        ['tutor', 'agreed', 0],
        ['student', 'agreed', 1],
        ['tutor', 'agreed', 30],
      ]);
    });
  });

  it('keeps the notes’ room out of it: only the board counts who is present', async () => {
    const sectionId = (await lesson.addSection())._id;
    const notes = await clients.join(lesson.student, notesOf(sectionId));
    const asked = await (await post(lesson.tutor, '/recording', { recording: true }, sectionId)).json<RecordingFrame>();
    expect(asked.state).toBe('recording');
    expect(notes.frames).toEqual([]);
  });
});
