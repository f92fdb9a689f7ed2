import { and, asc, eq } from 'drizzle-orm';
import { ApiError, fieldError } from '../../../platform/errors';
import type { RecordingChunkQuery, RecordingFrame, RecordingIndex, RecordingTrack, RecordingType } from '../../../schema/contracts/lesson-recordings';
import { recordingTypes } from '../../../schema/contracts/lesson-recordings';
import { lessonDocName } from '../../../schema/contracts/room-names';
import { lessonRecordingChunks, users } from '../../../schema/tables';
import type { Env } from '../../env';
import type { LessonAccess } from '../lesson-access';

/**
 * A lesson's recording: the consent lives in its board's room (asked here over RPC), the chunks in R2 under the
 * tenant and lesson, their index in D1. A chunk is stored only while its sender's consent holds, checked per chunk.
 */

const boardRoom = (env: Pick<Env, 'DOC_ROOM'>, tenantId: string, sectionId: string) =>
  env.DOC_ROOM.get(env.DOC_ROOM.idFromName(`${tenantId}:${lessonDocName(sectionId, 'board')}`));

const chunkKey = (tenantId: string, sectionId: string, trackId: string, seq: number) =>
  `${tenantId}/lesson-recordings/${sectionId}/${trackId}/${String(seq).padStart(6, '0')}`;

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
const EBML = [0x1a, 0x45, 0xdf, 0xa3];
const OGG = [0x4f, 0x67, 0x67, 0x53];

/** The container the declared type names, without its codecs: `audio/webm;codecs=opus` → `audio/webm`. */
function declaredType(contentType: string | undefined): RecordingType {
  const base = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const known = recordingTypes.find((type) => type === base);
  if (!known) throw fieldError('chunk', `must be ${recordingTypes.join(', ')}`);
  return known;
}

/**
 * Whether a track's first chunk is what its type says, by the container's header. A recorder cuts its stream into
 * chunks anywhere (even inside an element), so later chunks carry no header of their own: they are taken only as the
 * rest of a track whose start proved its type, by the person who started it, and are only ever served inside it.
 */
const provesType = (bytes: Uint8Array, type: RecordingType) => startsWith(bytes, type === 'audio/ogg' ? OGG : EBML);

/** Asking to record is the tutor's: checked before the request's body is read. */
export function requireRecordingLead(lesson: LessonAccess) {
  if (!lesson.leads) throw new ApiError(403, 'Only the tutor can start or stop recording the lesson');
}

export async function switchRecording(env: Pick<Env, 'DOC_ROOM'>, lesson: LessonAccess, on: boolean): Promise<RecordingFrame> {
  return boardRoom(env, lesson.tdb.tenantId, lesson.section._id).recordingSwitch(lesson.userId, on);
}

export async function decideRecording(env: Pick<Env, 'DOC_ROOM'>, lesson: LessonAccess, agree: boolean): Promise<RecordingFrame> {
  const state = await boardRoom(env, lesson.tdb.tenantId, lesson.section._id).recordingDecide(lesson.userId, agree);
  if (!state) throw new ApiError(409, 'Nobody has asked to record this lesson, so there is nothing to agree to');
  return state;
}

/**
 * Stores one chunk: refused without the sender's consent (nothing reaches R2), when its bytes are not the recording
 * type it claims, or when its track is someone else's. Sending the same chunk again replaces it, so a retry after a
 * lost answer is harmless.
 */
export async function storeRecordingChunk(
  env: Pick<Env, 'DOC_ROOM' | 'FILES'>,
  lesson: LessonAccess,
  input: RecordingChunkQuery & { contentType: string | undefined; bytes: Uint8Array; now: number },
) {
  const { tdb, section, userId } = lesson;
  if (!(await boardRoom(env, tdb.tenantId, section._id).recordingAllows(userId))) {
    throw new ApiError(409, 'Your audio is not being recorded: the recording has not started, or you have not agreed to it');
  }
  const type = declaredType(input.contentType);
  if (input.bytes.byteLength === 0) throw fieldError('chunk', 'is empty: it must hold some of the recording');
  const track = await tdb.db
    .select({ userId: lessonRecordingChunks.userId, type: lessonRecordingChunks.type, startedAt: lessonRecordingChunks.trackStartedAt })
    .from(lessonRecordingChunks)
    .where(tdb.where(lessonRecordingChunks, eq(lessonRecordingChunks.sectionId, section._id), eq(lessonRecordingChunks.trackId, input.track)))
    .limit(1)
    .get();
  if (track && track.userId !== userId) throw new ApiError(409, 'This track is someone else’s recording: start a new track');
  if (track && track.type !== type) throw fieldError('chunk', `must stay ${track.type}, the type this track started with`);
  if (!track && input.seq !== 0) throw fieldError('seq', 'must be 0 for a new track: a recording is sent from its first chunk on');
  if (!track && !provesType(input.bytes, type)) throw fieldError('chunk', `must be ${type}: its bytes are not a recording of that type`);

  // The tab's clock may be off; the gap between its send time and our receipt corrects it (give or take the transit).
  const startedAt = track?.startedAt ?? new Date(input.startedAt + (input.now - input.sentAt));
  const key = chunkKey(tdb.tenantId, section._id, input.track, input.seq);
  await env.FILES.put(key, input.bytes, { httpMetadata: { contentType: type }, customMetadata: { uploadedBy: userId } });
  const row = {
    sectionId: section._id,
    trackId: input.track,
    userId,
    seq: input.seq,
    type,
    bytes: input.bytes.byteLength,
    trackStartedAt: startedAt,
    receivedAt: new Date(input.now),
    r2Key: key,
  };
  await tdb.db
    .insert(lessonRecordingChunks)
    .values(tdb.values(lessonRecordingChunks, row))
    .onConflictDoUpdate({
      target: [lessonRecordingChunks.tenantId, lessonRecordingChunks.sectionId, lessonRecordingChunks.trackId, lessonRecordingChunks.seq],
      set: { bytes: row.bytes, receivedAt: row.receivedAt },
    });
  return { track: input.track, seq: input.seq, bytes: row.bytes };
}

/** The lesson's tracks, oldest first, with everyone's consent decisions. */
export async function recordingIndex(env: Pick<Env, 'DOC_ROOM'>, lesson: LessonAccess): Promise<RecordingIndex> {
  const { tdb, section } = lesson;
  const [rows, consents] = await Promise.all([
    tdb.db
      .select({
        trackId: lessonRecordingChunks.trackId,
        userId: lessonRecordingChunks.userId,
        firstname: users.firstname,
        lastname: users.lastname,
        type: lessonRecordingChunks.type,
        bytes: lessonRecordingChunks.bytes,
        startedAt: lessonRecordingChunks.trackStartedAt,
        receivedAt: lessonRecordingChunks.receivedAt,
      })
      .from(lessonRecordingChunks)
      .innerJoin(users, eq(users._id, lessonRecordingChunks.userId))
      .where(tdb.where(lessonRecordingChunks, eq(lessonRecordingChunks.sectionId, section._id)))
      .orderBy(asc(lessonRecordingChunks.trackStartedAt), asc(lessonRecordingChunks.seq))
      .all(),
    boardRoom(env, tdb.tenantId, section._id).recordingConsents(),
  ]);
  const tracks = new Map<string, RecordingTrack>();
  for (const row of rows) {
    const known = tracks.get(row.trackId);
    if (known) {
      known.chunks += 1;
      known.bytes += row.bytes;
      known.endsAt = Math.max(known.endsAt, row.receivedAt.getTime());
      continue;
    }
    tracks.set(row.trackId, {
      _id: row.trackId,
      userId: row.userId,
      name: `${row.firstname} ${row.lastname}`.trim(),
      type: row.type as RecordingType,
      startedAt: row.startedAt.getTime(),
      endsAt: row.receivedAt.getTime(),
      chunks: 1,
      bytes: row.bytes,
    });
  }
  return { tracks: [...tracks.values()], consents };
}

/**
 * One track as a single file: its chunks in order, streamed from R2 one after the other (a recorder's chunks are
 * pieces of one stream, so joined they play). Null for a track this lesson does not have.
 */
export async function recordingTrackStream(env: Pick<Env, 'FILES'>, lesson: LessonAccess, trackId: string) {
  const { tdb, section } = lesson;
  const chunks = await tdb.db
    .select({ key: lessonRecordingChunks.r2Key, type: lessonRecordingChunks.type, bytes: lessonRecordingChunks.bytes })
    .from(lessonRecordingChunks)
    .where(tdb.where(lessonRecordingChunks, and(eq(lessonRecordingChunks.sectionId, section._id), eq(lessonRecordingChunks.trackId, trackId))))
    .orderBy(asc(lessonRecordingChunks.seq))
    .all();
  if (chunks.length === 0) return null;
  const { readable, writable } = new FixedLengthStream(chunks.reduce((sum, c) => sum + c.bytes, 0));
  const copy = async () => {
    try {
      for (const chunk of chunks) {
        const object = await env.FILES.get(chunk.key);
        if (!object) throw new Error(`Recording chunk ${chunk.key} is missing from R2`);
        await object.body.pipeTo(writable, { preventClose: true });
      }
      await writable.close();
    } catch (error) {
      // The player sees a cut-off file rather than a hang.
      await writable.abort(error);
    }
  };
  return { type: chunks[0]!.type, body: readable, copy };
}
