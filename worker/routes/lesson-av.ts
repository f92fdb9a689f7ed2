import { Hono } from 'hono';
import { z } from 'zod';
import { ApiError } from '../../platform/errors';
import { sfuRequest } from '../../schema/contracts/av-signal';
import type { AppBindings } from '../env';
import { avConfigFor } from '../lib/av/config';
import { callSfu } from '../lib/av/realtime-sfu';
import { sealMatches, sealSession } from '../lib/av/session-seal';
import { requireAuth } from '../middleware/auth';
import { lessonOf } from '../middleware/lesson';
import { requireAccount } from '../middleware/permissions';
import { parseJson, validate } from '../middleware/validate';

const sectionParam = z.object({ sectionId: z.string().min(1).max(64) });

/** The lesson room's audio and video: how media travels, and the SFU calls a member's browser needs. Members only. */
export const lessonAvRoutes = new Hono<AppBindings>()
  .get('/lesson-rooms/:sectionId/av', requireAuth, requireAccount, validate('param', sectionParam), async (c) => {
    await lessonOf(c, c.req.valid('param').sectionId);
    return c.json(avConfigFor(c.env), 200, { 'cache-control': 'private, no-store' });
  })
  .post('/lesson-rooms/:sectionId/av/sfu', requireAuth, requireAccount, validate('param', sectionParam), async (c) => {
    const lesson = await lessonOf(c, c.req.valid('param').sectionId);
    const { REALTIME_APP_ID: appId, REALTIME_APP_TOKEN: token } = c.env;
    if (!appId || !token) throw new ApiError(404, 'This room connects people directly, without a video service');
    const request = await parseJson(c, sfuRequest);
    if (request.op === 'publish' && !lesson.canEdit)
      throw new ApiError(403, 'You are watching this lesson: your microphone, camera and screen are not shared.');
    const scope = { tenantId: lesson.tdb.tenantId, sectionId: lesson.section._id, userId: lesson.userId };
    if (request.op !== 'newSession' && !(await sealMatches(c.env.TOKEN_SECRET, scope, request.sessionId, request.seal))) {
      throw new ApiError(403, 'This video session is not yours. Reload the page to start your own.');
    }
    const answer = await callSfu({ appId, token }, request);
    if (request.op === 'newSession' && answer.sessionId) answer.seal = await sealSession(c.env.TOKEN_SECRET, scope, answer.sessionId);
    return c.json(answer);
  });
