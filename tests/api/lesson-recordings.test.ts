import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_RECORDING_CHUNK_BYTES, type RecordingFrame, type RecordingIndex } from '../../schema/contracts/lesson-recordings';
import { lessonRecordingChunks } from '../../schema/tables';
import { api, bearer, chunkForm, type ErrorJson } from '../helpers/auth';
import { type LessonFixture, lessonFixture, type Person } from '../helpers/docs';
import { db } from '../helpers/realtime';

let lesson: LessonFixture;

beforeAll(async () => {
  lesson = await lessonFixture();
});

/** The start of a WebM file (EBML header), as a recorder's first chunk begins; later chunks open with a cluster. */
const WEBM_HEAD = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01]);
const WEBM_CLUSTER = new Uint8Array([0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xe7, 0x81, 0x00]);
const OGG_PAGE = new Uint8Array([0x4f, 0x67, 0x67, 0x53, 0x00, 0x02, 0, 0, 0, 0, 0, 0, 0, 0]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);

const newTrack = () => crypto.randomUUID().replaceAll('-', '');

function post(person: Person | null, path: string, body: unknown, sectionId: string, host = 'localhost') {
  const headers = { 'content-type': 'application/json', ...(person ? bearer(person.token) : {}) };
  return api(`/lesson-rooms/${sectionId}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }, host);
}

function sendChunk(
  person: Person,
  sectionId: string,
  chunk: { track: string; seq: number; bytes: Uint8Array; type?: string; startedAt?: number; sentAt?: number },
  host = 'localhost',
) {
  const now = Date.now();
  const query = new URLSearchParams({
    track: chunk.track,
    seq: String(chunk.seq),
    startedAt: String(chunk.startedAt ?? now - 4000),
    sentAt: String(chunk.sentAt ?? now),
  });
  return api(
    `/lesson-rooms/${sectionId}/recordings/chunks?${query}`,
    { method: 'POST', headers: bearer(person.token), body: chunkForm(chunk.bytes, chunk.type ?? 'audio/webm;codecs=opus') },
    host,
  );
}

const storedUnder = async (sectionId: string) => (await env.FILES.list({ prefix: `${lesson.tenantId}/lesson-recordings/${sectionId}/` })).objects.length;
const indexRows = (sectionId: string) => db.select().from(lessonRecordingChunks).where(eq(lessonRecordingChunks.sectionId, sectionId)).all();

/** A lesson of its own whose recording the tutor has started (nobody is in its room, so nobody is waited for). */
async function recordingLesson() {
  const section = await lesson.addSection();
  const res = await post(lesson.tutor, '/recording', { recording: true }, section._id);
  expect(res.status).toBe(200);
  expect((await res.json<RecordingFrame>()).state).toBe('recording');
  return section._id;
}

describe('happy', () => {
  it('stores the chunks of a member who agreed, indexes them as one track and plays them back joined', async () => {
    const sectionId = await recordingLesson();
    const agreed = await post(lesson.student, '/recording/consent', { agree: true }, sectionId);
    expect(agreed.status).toBe(200);
    const state = await agreed.json<RecordingFrame>();
    expect(state.people.find((p) => p.userId === lesson.student.user._id)?.decision).toBe('agreed');

    const track = newTrack();
    const startedAt = Date.now() - 8000;
    const first = await sendChunk(lesson.student, sectionId, { track, seq: 0, bytes: WEBM_HEAD, startedAt });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ track, seq: 0, bytes: WEBM_HEAD.byteLength });
    expect((await sendChunk(lesson.student, sectionId, { track, seq: 1, bytes: WEBM_CLUSTER, startedAt })).status).toBe(201);
    // A retry of a chunk whose answer was lost replaces it instead of failing.
    expect((await sendChunk(lesson.student, sectionId, { track, seq: 1, bytes: WEBM_CLUSTER, startedAt })).status).toBe(201);
    expect(await storedUnder(sectionId)).toBe(2);

    const index = await (await api(`/lesson-rooms/${sectionId}/recordings`, { headers: bearer(lesson.tutor.token) })).json<RecordingIndex>();
    expect(index.tracks).toEqual([
      expect.objectContaining({
        _id: track,
        userId: lesson.student.user._id,
        name: 'Sara Lim',
        type: 'audio/webm',
        chunks: 2,
        bytes: WEBM_HEAD.byteLength + WEBM_CLUSTER.byteLength,
      }),
    ]);
    expect(Math.abs(index.tracks[0]!.startedAt - startedAt)).toBeLessThan(2000);
    expect(index.consents.map((c) => [c.userId, c.decision])).toEqual([
      [lesson.tutor.user._id, 'agreed'],
      [lesson.student.user._id, 'agreed'],
    ]);

    const file = await api(`/lesson-rooms/${sectionId}/recordings/tracks/${track}`, { headers: bearer(lesson.student.token) });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('audio/webm');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([...WEBM_HEAD, ...WEBM_CLUSTER]));
  });

  it('corrects a tab whose clock is off by the gap between its send time and the arrival', async () => {
    const sectionId = await recordingLesson();
    await post(lesson.tutor, '/recording/consent', { agree: true }, sectionId);
    const skew = 5 * 60_000;
    const now = Date.now();
    const track = newTrack();
    expect(
      (await sendChunk(lesson.tutor, sectionId, { track, seq: 0, bytes: OGG_PAGE, type: 'audio/ogg', startedAt: now + skew - 4000, sentAt: now + skew }))
        .status,
    ).toBe(201);
    const [row] = await indexRows(sectionId);
    expect(Math.abs(row!.trackStartedAt.getTime() - (now - 4000))).toBeLessThan(2000);
  });

  it('stops storing a member’s chunks once they withdraw, and a later start asks everyone again', async () => {
    const sectionId = await recordingLesson();
    await post(lesson.student, '/recording/consent', { agree: true }, sectionId);
    const withdrawn = await (await post(lesson.student, '/recording/consent', { agree: false }, sectionId)).json<RecordingFrame>();
    expect(withdrawn.people.find((p) => p.userId === lesson.student.user._id)?.decision).toBe('withdrawn');
    expect((await sendChunk(lesson.student, sectionId, { track: newTrack(), seq: 0, bytes: WEBM_HEAD })).status).toBe(409);

    await post(lesson.student, '/recording/consent', { agree: true }, sectionId);
    expect((await (await post(lesson.tutor, '/recording', { recording: false }, sectionId)).json<RecordingFrame>()).state).toBe('off');
    // The last chunk a tab sends as its recorder stops still arrives just after the stop.
    expect((await sendChunk(lesson.student, sectionId, { track: newTrack(), seq: 0, bytes: WEBM_HEAD })).status).toBe(201);
    await post(lesson.tutor, '/recording', { recording: true }, sectionId);
    expect((await sendChunk(lesson.student, sectionId, { track: newTrack(), seq: 0, bytes: WEBM_HEAD })).status).toBe(409);
    expect(await storedUnder(sectionId)).toBe(1);
  });
});

describe('errors', () => {
  it('refuses a chunk without consent, in a sentence, and stores nothing in R2 or the index', async () => {
    const sectionId = await recordingLesson();
    const res = await sendChunk(lesson.student, sectionId, { track: newTrack(), seq: 0, bytes: WEBM_HEAD });
    expect(res.status).toBe(409);
    expect((await res.json<ErrorJson>()).message).toBe('Your audio is not being recorded: the recording has not started, or you have not agreed to it');
    const quiet = await lesson.addSection();
    expect((await sendChunk(lesson.tutor, quiet._id, { track: newTrack(), seq: 0, bytes: WEBM_HEAD })).status).toBe(409);
    expect(await storedUnder(sectionId)).toBe(0);
    expect(await indexRows(sectionId)).toEqual([]);
  });

  it('refuses a chunk of the wrong type or whose bytes are not what it claims, naming the chunk', async () => {
    const sectionId = await recordingLesson();
    await post(lesson.student, '/recording/consent', { agree: true }, sectionId);
    for (const [bytes, type, message] of [
      [WEBM_HEAD, 'image/png', 'must be audio/webm, audio/ogg, video/webm'],
      [PNG, 'audio/webm', 'must be audio/webm: its bytes are not a recording of that type'],
      [WEBM_HEAD, 'audio/ogg', 'must be audio/ogg: its bytes are not a recording of that type'],
      [new Uint8Array(), 'audio/webm', 'is empty: it must hold some of the recording'],
    ] as const) {
      const res = await sendChunk(lesson.student, sectionId, { track: newTrack(), seq: 0, bytes, type });
      expect(res.status).toBe(400);
      const body = await res.json<ErrorJson>();
      expect(body.errors).toEqual([{ path: 'chunk', message }]);
      expect(body.message.length).toBeGreaterThan(message.length);
    }
    const track = newTrack();
    expect((await sendChunk(lesson.student, sectionId, { track, seq: 0, bytes: WEBM_HEAD })).status).toBe(201);
    const switched = await sendChunk(lesson.student, sectionId, { track, seq: 1, bytes: OGG_PAGE, type: 'audio/ogg' });
    expect((await switched.json<ErrorJson>()).errors).toEqual([{ path: 'chunk', message: 'must stay audio/webm, the type this track started with' }]);
    // A recorder cuts its stream anywhere, so a later chunk has no header to prove; it only continues a proven track.
    expect((await sendChunk(lesson.student, sectionId, { track, seq: 1, bytes: new Uint8Array([0x43, 0xb6, 0x75, 0x01]) })).status).toBe(201);
    const orphan = await sendChunk(lesson.student, sectionId, { track: newTrack(), seq: 1, bytes: WEBM_CLUSTER });
    expect((await orphan.json<ErrorJson>()).errors).toEqual([
      { path: 'seq', message: 'must be 0 for a new track: a recording is sent from its first chunk on' },
    ]);
    expect(await storedUnder(sectionId)).toBe(2);
  });

  it('refuses a chunk over the size limit with a sentence, before storing anything', async () => {
    const sectionId = await recordingLesson();
    await post(lesson.student, '/recording/consent', { agree: true }, sectionId);
    const big = new Uint8Array(MAX_RECORDING_CHUNK_BYTES + 1);
    big.set(WEBM_HEAD);
    const res = await sendChunk(lesson.student, sectionId, { track: newTrack(), seq: 0, bytes: big });
    expect(res.status).toBe(413);
    expect((await res.json<ErrorJson>()).message).toBe('The recording chunk is too large: it must be 2 MB or smaller.');
    expect(await storedUnder(sectionId)).toBe(0);
  });

  it('refuses another member’s track and bad chunk numbers', async () => {
    const sectionId = await recordingLesson();
    await post(lesson.student, '/recording/consent', { agree: true }, sectionId);
    await post(lesson.tutor, '/recording/consent', { agree: true }, sectionId);
    const track = newTrack();
    expect((await sendChunk(lesson.student, sectionId, { track, seq: 0, bytes: WEBM_HEAD })).status).toBe(201);
    expect((await sendChunk(lesson.tutor, sectionId, { track, seq: 1, bytes: WEBM_CLUSTER })).status).toBe(409);
    const bad = await sendChunk(lesson.student, sectionId, { track: 'not-a-track', seq: -1, bytes: WEBM_HEAD });
    expect(bad.status).toBe(400);
    expect((await bad.json<ErrorJson>()).errors.map((e) => e.path)).toEqual(['track', 'seq']);
  });

  it('lets only the tutor start the recording, and nobody agree before anyone asked', async () => {
    const section = await lesson.addSection();
    const res = await post(lesson.student, '/recording', { recording: true }, section._id);
    expect(res.status).toBe(403);
    expect((await res.json<ErrorJson>()).message).toBe('Only the tutor can start or stop recording the lesson');
    const early = await post(lesson.student, '/recording/consent', { agree: true }, section._id);
    expect(early.status).toBe(409);
    expect((await early.json<ErrorJson>()).message).toBe('Nobody has asked to record this lesson, so there is nothing to agree to');
  });

  it('answers 404 to people outside the lesson and to another tenant, whatever they send', async () => {
    const sectionId = await recordingLesson();
    await post(lesson.student, '/recording/consent', { agree: true }, sectionId);
    const track = newTrack();
    await sendChunk(lesson.student, sectionId, { track, seq: 0, bytes: WEBM_HEAD });
    for (const person of [lesson.outsider, lesson.parent, lesson.plainAdmin]) {
      expect((await sendChunk(person, sectionId, { track: newTrack(), seq: 0, bytes: WEBM_HEAD })).status).toBe(404);
      expect((await post(person, '/recording/consent', { agree: true }, sectionId)).status).toBe(404);
      expect((await post(person, '/recording', { recording: false }, sectionId)).status).toBe(404);
      expect((await api(`/lesson-rooms/${sectionId}/recordings`, { headers: bearer(person.token) })).status).toBe(404);
      expect((await api(`/lesson-rooms/${sectionId}/recordings/tracks/${track}`, { headers: bearer(person.token) })).status).toBe(404);
    }
    expect((await sendChunk(lesson.partner, sectionId, { track: newTrack(), seq: 0, bytes: WEBM_HEAD }, 'partner.localhost')).status).toBe(404);
    expect((await api(`/lesson-rooms/${sectionId}/recordings/tracks/${track}`, { headers: bearer(lesson.partner.token) }, 'partner.localhost')).status).toBe(
      404,
    );
    expect((await post(null, '/recording/consent', { agree: true }, sectionId)).status).toBe(401);
    expect(await storedUnder(sectionId)).toBe(1);
    expect((await api(`/lesson-rooms/${sectionId}/recordings/tracks/${newTrack()}`, { headers: bearer(lesson.tutor.token) })).status).toBe(404);
  });
});
