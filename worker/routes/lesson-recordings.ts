import { Hono } from 'hono';
import { z } from 'zod';
import { ApiError } from '../../platform/errors';
import { recordingChunkQuery, recordingConsentInput, recordingSwitchInput } from '../../schema/contracts/lesson-recordings';
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
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const stored = await storeRecordingChunk(c.env, lesson, { ...query, contentType: c.req.header('content-type'), bytes, now: Date.now() });
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
