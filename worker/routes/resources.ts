import { eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { cleanFileName } from '../../schema/contracts/file-names';
import { cancelInput, courseQuery, MAX_RESOURCE_BYTES, rescheduleHomeworkInput, resourceCreateInput, resourceUpdateInput } from '../../schema/contracts/sections';
import { sections } from '../../schema/tables';
import type { AppBindings } from '../env';
import { courseAccessFor, editableSection, readScope } from '../lib/sections/access';
import { cancelSection, createResourceFromInput, deleteSection, sectionResponse } from '../lib/sections/handlers';
import { tenantDb } from '../lib/tenant-db';
import { requireAuth } from '../middleware/auth';
import { ApiError, fieldError } from '../../platform/errors';
import { requireAccount } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const KINDS = ['RESOURCE', 'HOMEWORK'] as const;
const base = '/resources-and-homeworks';
const idParam = z.object({ id: z.string().min(1).max(64) });
const sectionIdParam = z.object({ sectionId: z.string().min(1).max(64) });
/** Room for the multipart boundaries and the other fields around a file of the largest size. */
const MULTIPART_OVERHEAD = 64 * 1024;
const tooLarge = () => new ApiError(413, 'file: must be 20 MB or smaller', [{ path: 'file', message: 'must be 20 MB or smaller' }]);

/** Course files live under the tenant, course and section, so a key can never be reached through another course. */
export const resourceKey = (tenantId: string, courseId: string, sectionId: string, name: string) => `${tenantId}/courses/${courseId}/${sectionId}/${name}`;

export const resourceRoutes = new Hono<AppBindings>()
  .use(base, requireAuth, requireAccount)
  .use(`${base}/*`, requireAuth, requireAccount)
  .post(base, validate('json', resourceCreateInput), async (c) => c.json(await createResourceFromInput(c, c.req.valid('json')), 201))
  .post(`${base}/upload`, async (c) => {
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
    const { tdb, row } = await editableSection(c, form.section, KINDS, 'create');
    const fileName = cleanFileName(file.name);
    const key = resourceKey(tdb.tenantId, row.courseId, row._id, fileName);
    const contentType = file.type || 'application/octet-stream';
    await c.env.FILES.put(key, await file.arrayBuffer(), { httpMetadata: { contentType } });
    await tdb.db
      .update(sections)
      .set({ fileKey: key, fileName, fileSize: file.size, contentType })
      .where(tdb.where(sections, eq(sections._id, row._id)));
    if (row.fileKey && row.fileKey !== key) await c.env.FILES.delete(row.fileKey);
    return c.json(await sectionResponse(c, row._id), 201);
  })
  .get(`${base}/:id/download`, validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    const row = await tdb.db
      .select()
      .from(sections)
      .where(tdb.where(sections, eq(sections._id, c.req.valid('param').id), isNull(sections.deletedAt)))
      .get();
    if (!row?.fileKey || !(KINDS as readonly string[]).includes(row.kind)) throw new ApiError(404, 'File not found');
    const { activeOnly } = readScope(await courseAccessFor(c, row.courseId));
    if (activeOnly && row.status !== 'ACTIVE') throw new ApiError(404, 'File not found');
    const object = await c.env.FILES.get(row.fileKey);
    if (!object) throw new ApiError(404, 'File not found');
    const headers = new Headers({
      'content-type': row.contentType ?? 'application/octet-stream',
      'content-disposition': `attachment; filename="${row.fileName}"`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    return new Response(object.body, { headers });
  })
  .put(`${base}/cancel/:id`, validate('param', idParam), validate('json', cancelInput), async (c) =>
    c.json(await cancelSection(c, c.req.valid('param').id, KINDS, c.req.valid('json').reason)),
  )
  .put(`${base}/reschedule/:sectionId`, validate('param', sectionIdParam), validate('json', rescheduleHomeworkInput), async (c) => {
    const { tdb, row } = await editableSection(c, c.req.valid('param').sectionId, ['HOMEWORK'], 'edit');
    if (row.status !== 'ACTIVE') throw new ApiError(409, `status: ${row.status.toLowerCase()} homework cannot be rescheduled`, [{ path: 'status', message: `is ${row.status}` }]);
    await tdb.db.update(sections).set({ dueAt: c.req.valid('json').dueAt }).where(tdb.where(sections, eq(sections._id, row._id)));
    return c.json(await sectionResponse(c, row._id));
  })
  .put(`${base}/delete/:id`, validate('param', idParam), async (c) => c.json(await deleteSection(c, c.req.valid('param').id, KINDS)))
  .put(`${base}/:id`, validate('param', idParam), validate('json', resourceUpdateInput), async (c) => {
    const input = c.req.valid('json');
    const { tdb, row } = await editableSection(c, c.req.valid('param').id, KINDS, 'edit');
    if (row.kind === 'HOMEWORK' && !input.dueAt) throw fieldError('dueAt', 'is required for homework');
    if (row.kind === 'RESOURCE' && input.dueAt) throw fieldError('dueAt', 'is only for homework');
    await tdb.db
      .update(sections)
      .set({ title: input.title, description: input.description, link: input.link ?? null, dueAt: input.dueAt ?? null })
      .where(tdb.where(sections, eq(sections._id, row._id)));
    return c.json(await sectionResponse(c, row._id));
  })
  .delete(`${base}/:id`, validate('param', idParam), validate('query', courseQuery), async (c) =>
    c.json(await deleteSection(c, c.req.valid('param').id, KINDS, c.req.valid('query').course)),
  );
