import { Hono } from 'hono';
import { z } from 'zod';
import { ApiError } from '../../platform/errors';
import { lessonDocumentId } from '../../schema/contracts/lesson-documents';
import type { AppBindings } from '../env';
import { lessonDocumentKey, storeLessonDocument } from '../lib/documents/lesson-documents';
import { requireLessonEdit } from '../lib/lesson-access';
import { requireAuth } from '../middleware/auth';
import { lessonOf } from '../middleware/lesson';
import { readPdfUpload } from '../middleware/pdf-upload';
import { requireAccount } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const sectionParam = z.object({ sectionId: z.string().min(1).max(64) });
const documentParam = sectionParam.extend({ documentId: z.string().regex(lessonDocumentId, 'must be a document id from an upload') });

/**
 * PDFs imported into a lesson's board, kept as sent. The pages the board shows are pictures the importing browser
 * rendered and stored as board images; the file stays so the lesson's people can fetch the original.
 */
export const lessonDocumentRoutes = new Hono<AppBindings>()
  .post('/lesson-rooms/:sectionId/documents', requireAuth, requireAccount, validate('param', sectionParam), async (c) => {
    const lesson = await lessonOf(c, c.req.valid('param').sectionId);
    requireLessonEdit(lesson);
    const upload = await readPdfUpload(c);
    const documentId = await storeLessonDocument(c.env.FILES, lesson.tdb.tenantId, lesson.section._id, lesson.userId, upload);
    return c.json({ documentId }, 201);
  })
  .get('/lesson-rooms/:sectionId/documents/:documentId', requireAuth, requireAccount, validate('param', documentParam), async (c) => {
    const { sectionId, documentId } = c.req.valid('param');
    const lesson = await lessonOf(c, sectionId);
    const object = await c.env.FILES.get(lessonDocumentKey(lesson.tdb.tenantId, lesson.section._id, documentId));
    if (!object) throw new ApiError(404, 'File not found');
    const headers = new Headers({
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      // A download, never a page: a PDF viewer in the app's origin would run whatever the file carries.
      'content-disposition': `attachment; filename="${documentId}"`,
      'cache-control': 'private, max-age=31536000, immutable',
    });
    headers.set('etag', object.httpEtag);
    return new Response(object.body, { headers });
  });
