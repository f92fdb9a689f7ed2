import { eq, isNull } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { ApiError, fieldError } from '../../platform/errors';
import { idParam, recordId } from '../../schema/contracts/common';
import { cleanFileName } from '../../schema/contracts/file-names';
import {
  cancelInput,
  courseQuery,
  MAX_RESOURCE_BYTES,
  RESOURCE_KINDS_WORDS,
  rescheduleHomeworkInput,
  resourceContentType,
  resourceCreateInput,
  resourceUpdateInput,
  type SectionKind,
} from '../../schema/contracts/sections';
import { sections } from '../../schema/tables';
import type { AppBindings } from '../env';
import { courseAccessFor, editableSection, readScope } from '../lib/sections/access';
import { attachFile, cancelSection, createResourceSection, deleteSection, rescheduleHomework, updateResource } from '../lib/sections/operations';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount, requireCourseStaff } from '../middleware/permissions';
import { parseJson, parseQuery, validate } from '../middleware/validate';

const KINDS = ['RESOURCE', 'HOMEWORK'] as const;
const base = '/resources-and-homeworks';
const sectionIdParam = z.object({ sectionId: recordId });
/** Room for the multipart boundaries and the other fields around a file of the largest size. */
const MULTIPART_OVERHEAD = 64 * 1024;
const tooLarge = () => new ApiError(413, 'file: must be 20 MB or smaller', [{ path: 'file', message: 'must be 20 MB or smaller' }]);

/** The resource the caller may change, found before its body is read, so a stranger gets the 404 whatever they send. */
const resourceFor = (c: Context<AppBindings>, id: string, kinds: readonly SectionKind[], action: 'create' | 'edit' | 'delete') =>
  editableSection(tenantDb(c), authOf(c), id, kinds, action);

export const resourceRoutes = new Hono<AppBindings>()
  .use(base, requireAuth, requireAccount)
  .use(`${base}/*`, requireAuth, requireAccount)
  .post(base, requireCourseStaff, async (c) => {
    const { course } = await parseJson(c, courseQuery);
    const tdb = tenantDb(c);
    await courseAccessFor(tdb, authOf(c), course);
    return c.json(await createResourceSection(tdb, authOf(c), await parseJson(c, resourceCreateInput)), 201);
  })
  .post(`${base}/upload`, requireCourseStaff, async (c) => {
    if (Number(c.req.header('content-length') ?? 0) > MAX_RESOURCE_BYTES + MULTIPART_OVERHEAD) throw tooLarge();
    if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) throw fieldError('file', 'must be sent as multipart/form-data');
    const form = await c.req.parseBody().catch(() => {
      throw fieldError('body', 'must be multipart/form-data');
    });
    if (typeof form.section !== 'string' || !form.section) throw fieldError('section', 'is required');
    const file = form.file;
    if (!(file instanceof File)) throw fieldError('file', 'is required');
    if (file.size === 0) throw fieldError('file', 'is empty');
    if (file.size > MAX_RESOURCE_BYTES) throw tooLarge();
    if (!resourceContentType(cleanFileName(file.name))) throw fieldError('file', `must be a ${RESOURCE_KINDS_WORDS} file`);
    const tdb = tenantDb(c);
    const { row } = await resourceFor(c, form.section, KINDS, 'create');
    return c.json(await attachFile(tdb, c.env.FILES, row, file, cleanFileName(file.name)), 201);
  })
  .get(`${base}/:id/download`, validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    const row = await tdb.db
      .select()
      .from(sections)
      .where(tdb.where(sections, eq(sections._id, c.req.valid('param').id), isNull(sections.deletedAt)))
      .get();
    if (!row?.fileKey || !(KINDS as readonly string[]).includes(row.kind)) throw new ApiError(404, 'File not found');
    const { activeOnly } = readScope(await courseAccessFor(tdb, authOf(c), row.courseId));
    if (activeOnly && row.status !== 'ACTIVE') throw new ApiError(404, 'File not found');
    const object = await c.env.FILES.get(row.fileKey);
    if (!object) throw new ApiError(404, 'File not found');
    const headers = new Headers({
      // By the allow-list, never the type stored with the file (older uploads kept what the browser declared).
      'content-type': resourceContentType(row.fileName ?? '') ?? 'application/octet-stream',
      'content-disposition': `attachment; filename="${row.fileName}"`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    return new Response(object.body, { headers });
  })
  .put(`${base}/cancel/:id`, validate('param', idParam), async (c) => {
    const { row } = await resourceFor(c, c.req.valid('param').id, KINDS, 'edit');
    return c.json(await cancelSection(tenantDb(c), authOf(c), row, (await parseJson(c, cancelInput)).reason));
  })
  .put(`${base}/reschedule/:sectionId`, validate('param', sectionIdParam), async (c) => {
    const { row } = await resourceFor(c, c.req.valid('param').sectionId, ['HOMEWORK'], 'edit');
    return c.json(await rescheduleHomework(tenantDb(c), row, (await parseJson(c, rescheduleHomeworkInput)).dueAt));
  })
  .put(`${base}/delete/:id`, validate('param', idParam), async (c) => {
    const { row } = await resourceFor(c, c.req.valid('param').id, KINDS, 'delete');
    return c.json(await deleteSection(tenantDb(c), row));
  })
  .put(`${base}/:id`, validate('param', idParam), async (c) => {
    const { row } = await resourceFor(c, c.req.valid('param').id, KINDS, 'edit');
    return c.json(await updateResource(tenantDb(c), row, await parseJson(c, resourceUpdateInput)));
  })
  .delete(`${base}/:id`, validate('param', idParam), async (c) => {
    const { row } = await resourceFor(c, c.req.valid('param').id, KINDS, 'delete');
    return c.json(await deleteSection(tenantDb(c), row, (await parseQuery(c, courseQuery)).course));
  });
