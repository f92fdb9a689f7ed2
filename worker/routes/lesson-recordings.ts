import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { ApiError, fieldError } from '../../platform/errors';
import { MAX_RECORDING_CHUNK_BYTES, recordingChunkQuery, recordingConsentInput, recordingSwitchInput } from '../../schema/contracts/lesson-recordings';
import type { AppBindings } from '../env';
import {
  decideRecording,
  recordingIndex,
  recordingTrackStream,
  requireRecordingLead,
  storeRecordingChunk,
  switchRecording,
} from '../lib/lesson-rooms/recordings';
import { requireAuth } from '../middleware/auth';
import { lessonOf } from '../middleware/lesson';
import { requireAccount } from '../middleware/permissions';
import { parseJson, parseQuery, validate } from '../middleware/validate';

const tooLarge = () => {
  const message = `must be ${MAX_RECORDING_CHUNK_BYTES / (1024 * 1024)} MB or smaller`;
  return new ApiError(413, `The recording chunk is too large: it ${message}.`, [{ path: 'chunk', message }]);
};

/** The `chunk` file of a multipart upload (as the page's own uploads are sent), with the type the tab declared. */
async function readChunk(c: Context) {
  if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) throw fieldError('chunk', 'must be sent as multipart/form-data');
  const form = await c.req.parseBody().catch(() => {
    throw fieldError('chunk', 'must be sent as multipart/form-data');
  });
  const file = form.chunk;
  if (!(file instanceof File)) throw fieldError('chunk', 'is required');
  if (file.size > MAX_RECORDING_CHUNK_BYTES) throw tooLarge();
  return { contentType: file.type, bytes: new Uint8Array(await file.arrayBuffer()) };
}

const sectionParam = z.object({ sectionId: z.string().min(1).max(64) });
const trackParam = sectionParam.extend({ trackId: z.string().regex(/^[a-f0-9]{32}$/, 'must be a track id from the recording') });

/**
 * Recording a lesson with everyone's consent, and playing it back. Members of the lesson only: anyone else gets the
 * same 404 as a lesson that does not exist, before anything they sent is read.
 */
export const lessonRecordingRoutes = new Hono<AppBindings>()
  .post('/lesson-rooms/:sectionId/recording', requireAuth, requireAccount, validate('param', sectionParam), async (c) => {
    const lesson = await lessonOf(c, c.req.valid('param').sectionId);
    requireRecordingLead(lesson);
    const { recording } = await parseJson(c, recordingSwitchInput);
    return c.json(await switchRecording(c.env, lesson, recording));
  })
  .post('/lesson-rooms/:sectionId/recording/consent', requireAuth, requireAccount, validate('param', sectionParam), async (c) => {
    const lesson = await lessonOf(c, c.req.valid('param').sectionId);
    const { agree } = await parseJson(c, recordingConsentInput);
    return c.json(await decideRecording(c.env, lesson, agree));
  })
  .post('/lesson-rooms/:sectionId/recordings/chunks', requireAuth, requireAccount, validate('param', sectionParam), async (c) => {
    const lesson = await lessonOf(c, c.req.valid('param').sectionId);
    const query = await parseQuery(c, recordingChunkQuery);
    const chunk = await readChunk(c);
    const stored = await storeRecordingChunk(c.env, lesson, { ...query, ...chunk, now: Date.now() });
    return c.json(stored, 201);
  })
  .get('/lesson-rooms/:sectionId/recordings', requireAuth, requireAccount, validate('param', sectionParam), async (c) => {
    const lesson = await lessonOf(c, c.req.valid('param').sectionId);
    return c.json(await recordingIndex(c.env, lesson));
  })
  .get('/lesson-rooms/:sectionId/recordings/tracks/:trackId', requireAuth, requireAccount, validate('param', trackParam), async (c) => {
    const { sectionId, trackId } = c.req.valid('param');
    const lesson = await lessonOf(c, sectionId);
    const track = await recordingTrackStream(c.env, lesson, trackId);
    if (!track) throw new ApiError(404, 'Recording not found');
    c.executionCtx.waitUntil(track.copy());
    return new Response(track.body, {
      headers: { 'content-type': track.type, 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store' },
    });
  });
