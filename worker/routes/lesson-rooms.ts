import { Hono } from 'hono';
import { z } from 'zod';
import { ApiError, fieldError } from '../../platform/errors';
import { encodeHistory, readHistory } from '../../platform/realtime/doc-history';
import type { LessonRoomInfo } from '../../schema/contracts/lesson-room';
import { lessonDocName, lessonDocParts } from '../../schema/contracts/realtime';
import { newId } from '../../schema/tables/columns';
import type { AppBindings } from '../env';
import { extensionOf, sniffImageType } from '../lib/files';
import { requireLessonEdit } from '../lib/lesson-access';
import { sessionOfSection, toSessionView } from '../lib/lesson-sessions';
import { requireAuth } from '../middleware/auth';
import { lessonOf } from '../middleware/lesson';
import { requireAccount } from '../middleware/permissions';
import { validate } from '../middleware/validate';

/** Board images: photos of worksheets and diagrams, kept small enough that a tablet on hotel Wi-Fi gets them. */
export const MAX_LESSON_IMAGE_BYTES = 5 * 1024 * 1024;
const MULTIPART_OVERHEAD = 16 * 1024;

const sectionParam = z.object({ sectionId: z.string().min(1).max(64) });
const imageParam = sectionParam.extend({ imageId: z.string().regex(/^[a-f0-9]{32}\.(png|jpg|webp)$/, 'must be an image id from an upload') });
const imageKey = (tenantId: string, sectionId: string, imageId: string) => `${tenantId}/lesson-images/${sectionId}/${imageId}`;
const tooLarge = () => new ApiError(413, 'file: must be 5 MB or smaller', [{ path: 'file', message: 'must be 5 MB or smaller' }]);

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
    if (Number(c.req.header('content-length') ?? 0) > MAX_LESSON_IMAGE_BYTES + MULTIPART_OVERHEAD) throw tooLarge();
    if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) throw fieldError('file', 'must be sent as multipart/form-data');
    const form = await c.req.parseBody().catch(() => {
      throw fieldError('body', 'must be multipart/form-data');
    });
    const file = form.file;
    if (!(file instanceof File)) throw fieldError('file', 'is required');
    if (file.size > MAX_LESSON_IMAGE_BYTES) throw tooLarge();
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffImageType(bytes);
    if (!type) throw fieldError('file', 'must be a PNG, JPEG or WebP image');
    const imageId = `${newId()}.${extensionOf[type]}`;
    await c.env.FILES.put(imageKey(lesson.tdb.tenantId, lesson.section._id, imageId), bytes, {
      httpMetadata: { contentType: type },
      customMetadata: { uploadedBy: lesson.userId },
    });
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
    const object = await c.env.FILES.get(imageKey(lesson.tdb.tenantId, lesson.section._id, imageId));
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
