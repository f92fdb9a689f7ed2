import { Hono } from 'hono';
import { z } from 'zod';
import { ApiError } from '../../platform/errors';
import { encodeHistory, readHistory } from '../../platform/realtime/doc-history';
import type { LessonRoomInfo } from '../../schema/contracts/lesson-room';
import { lessonDocName, lessonDocParts } from '../../schema/contracts/realtime';
import type { AppBindings } from '../env';
import { requireLessonEdit } from '../lib/lesson-access';
import { sessionOfSection, toSessionView } from '../lib/lesson-sessions';
import { lessonImageKey, MAX_LESSON_IMAGE_BYTES, storeLessonImage } from '../lib/lessons/images';
import { requireAuth } from '../middleware/auth';
import { readImageUpload } from '../middleware/image-upload';
import { lessonOf } from '../middleware/lesson';
import { requireAccount } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const sectionParam = z.object({ sectionId: z.string().min(1).max(64) });
const imageParam = sectionParam.extend({ imageId: z.string().regex(/^[a-f0-9]{32}\.(png|jpg|webp)$/, 'must be an image id from an upload') });

/** The lesson room's header data and its board images. Members of the lesson only. */
export const lessonRoomRoutes = new Hono<AppBindings>()
  .get('/lesson-rooms/:sectionId', requireAuth, requireAccount, validate('param', sectionParam), async (c) => {
    const { tdb, section, access, canEdit, leads } = await lessonOf(c, c.req.valid('param').sectionId);
    const session = await sessionOfSection(tdb, section._id);
    const body: LessonRoomInfo = {
      section: {
        _id: section._id,
        title: section.title,
        kind: section.kind as 'ZOOM' | 'TEAMS',
        start: section.start?.toISOString() ?? null,
        duration: section.duration,
        joinUrl: section.joinUrl,
      },
      course: { _id: access.course._id, title: access.course.title, subject: access.course.subject },
      canEdit,
      leads,
      session: session ? toSessionView(session) : null,
    };
    return c.json(body);
  })
  .post('/lesson-rooms/:sectionId/images', requireAuth, requireAccount, validate('param', sectionParam), async (c) => {
    const lesson = await lessonOf(c, c.req.valid('param').sectionId);
    requireLessonEdit(lesson);
    const upload = await readImageUpload(c, MAX_LESSON_IMAGE_BYTES);
    const imageId = await storeLessonImage(c.env.FILES, lesson.tdb.tenantId, lesson.section._id, lesson.userId, upload);
    return c.json({ imageId }, 201);
  })
  .get(
    '/lesson-rooms/:sectionId/history/:part',
    requireAuth,
    requireAccount,
    validate('param', sectionParam.extend({ part: z.enum(lessonDocParts) })),
    async (c) => {
      const { sectionId, part } = c.req.valid('param');
      const lesson = await lessonOf(c, sectionId);
      const entries = await readHistory(c.env.FILES, lesson.tdb.tenantId, lessonDocName(lesson.section._id, part));
      // One archive in the rooms' own format, in order: kilobytes a replay scrubs through instead of a video.
      return new Response(encodeHistory(entries), { headers: { 'content-type': 'application/octet-stream', 'cache-control': 'private, no-store' } });
    },
  )
  .get('/lesson-rooms/:sectionId/images/:imageId', requireAuth, requireAccount, validate('param', imageParam), async (c) => {
    const { sectionId, imageId } = c.req.valid('param');
    const lesson = await lessonOf(c, sectionId);
    const object = await c.env.FILES.get(lessonImageKey(lesson.tdb.tenantId, lesson.section._id, imageId));
    if (!object) throw new ApiError(404, 'File not found');
    const headers = new Headers({
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
      'cache-control': 'private, max-age=31536000, immutable',
    });
    object.writeHttpMetadata(headers);
    headers.set('etag', object.httpEtag);
    return new Response(object.body, { headers });
  });
