import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { ApiError, fieldError } from '../../platform/errors';
import { idParam, recordId } from '../../schema/contracts/common';
import {
  adminHandInQuery,
  HAND_IN_MESSAGES,
  handInCourseQuery,
  handInFields,
  handInListQuery,
  handInReplaceFields,
  handInStudentQuery,
  MAX_HAND_IN_FILE_BYTES,
  MAX_HAND_IN_FILES,
  markInput,
} from '../../schema/contracts/homework';
import type { AppBindings } from '../env';
import { visibleHandIn } from '../lib/homework/access';
import { downloadHeaders } from '../lib/homework/files';
import { handIn, markableHandIn, markHandIn, removeHandIn, replaceableHandIn, replaceHandIn, withdrawHandIn } from '../lib/homework/hand-ins';
import { notifyMarked } from '../lib/homework/notices';
import {
  adminHandInPage,
  courseHandInPage,
  courseHomework,
  courseStudentSummaries,
  readHandIn,
  sectionHandIns,
  studentCourseHandIns,
  topicStudentHandIns,
} from '../lib/homework/reads';
import { afterAnswer, notifyContext } from '../lib/notifications/context';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount, requirePermission } from '../middleware/permissions';
import { parseJson, validate } from '../middleware/validate';

type Ctx = Context<AppBindings>;

const base = '/homework-submissions';
const admin = '/admin/homework-submissions';
const courseIdParam = z.object({ courseId: recordId });
const topicIdParam = z.object({ topicId: recordId });
const fileParam = z.object({ id: recordId, fileId: recordId });
/** Room for the multipart boundaries and the text beside the largest allowed files. */
const MULTIPART_LIMIT = MAX_HAND_IN_FILES * MAX_HAND_IN_FILE_BYTES + 128 * 1024;

/** Only a student hands in homework: decided on the signed-in person before the form is read. */
const requireStudent = createMiddleware<AppBindings>(async (c, next) => {
  if (authOf(c).role !== 'STUDENT') throw new ApiError(403, 'Homework is handed in by the student.');
  await next();
});

/** The form of a hand-in: its files (any number of `file` parts) and its other fields, checked by `schema`. */
async function handInForm<T extends z.ZodType>(c: Ctx, schema: T) {
  if (Number(c.req.header('content-length') ?? 0) > MULTIPART_LIMIT)
    throw new ApiError(413, 'file: the files together are too large', [{ path: 'file', message: 'must each be 10 MB or smaller' }]);
  if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) throw fieldError('file', 'must be sent as multipart/form-data');
  const form = await c.req.parseBody({ all: true }).catch(() => {
    throw fieldError('body', 'must be multipart/form-data');
  });
  const list = (value: unknown) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
  const files = list(form.file).filter((f): f is File => f instanceof File);
  const fields = { ...form, keep: list(form.keep).filter((k) => typeof k === 'string') };
  const parsed = await schema.safeParseAsync(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw fieldError(issue.path.map(String).join('.') || 'body', issue.message);
  }
  return { fields: parsed.data as z.output<T>, files };
}

const tellMarked = (c: Ctx, view: Awaited<ReturnType<typeof markHandIn>>) => afterAnswer(c, notifyMarked(notifyContext(c), view));

/**
 * Homework hand-ins: the student hands in files and text for a homework and may change it until it is marked; the
 * course's tutors (and admins with the submissions flag) read and mark them; a parent reads their children's.
 */
export const homeworkSubmissionRoutes = new Hono<AppBindings>()
  .use(base, requireAuth, requireAccount)
  .use(`${base}/*`, requireAuth, requireAccount)
  .get(base, validate('query', handInListQuery), async (c) => c.json(await sectionHandIns(tenantDb(c), authOf(c), c.req.valid('query'))))
  .get(`${base}/by-course`, validate('query', handInCourseQuery), async (c) => c.json(await courseHandInPage(tenantDb(c), authOf(c), c.req.valid('query'))))
  .get(`${base}/course/:courseId/student`, validate('param', courseIdParam), validate('query', handInStudentQuery), async (c) =>
    c.json(await studentCourseHandIns(tenantDb(c), authOf(c), c.req.valid('param').courseId, c.req.valid('query').student)),
  )
  .get(`${base}/course/:id/students`, validate('param', idParam), async (c) =>
    c.json(await courseStudentSummaries(tenantDb(c), authOf(c), c.req.valid('param').id)),
  )
  .get(`${base}/course/:id`, validate('param', idParam), async (c) => c.json(await courseHomework(tenantDb(c), authOf(c), c.req.valid('param').id)))
  .get(`${base}/topic/:topicId/student`, validate('param', topicIdParam), validate('query', handInStudentQuery), async (c) =>
    c.json(await topicStudentHandIns(tenantDb(c), authOf(c), c.req.valid('param').topicId, c.req.valid('query').student)),
  )
  .post(base, requireStudent, async (c) => {
    const { fields, files } = await handInForm(c, handInFields);
    const view = await handIn(tenantDb(c), c.env.FILES, authOf(c), fields, files);
    return c.json({ ...view, message: HAND_IN_MESSAGES.handedIn }, 201);
  })
  .get(`${base}/:id/files/:fileId`, validate('param', fileParam), async (c) => {
    const { id, fileId } = c.req.valid('param');
    const { row } = await visibleHandIn(tenantDb(c), authOf(c), id);
    const file = row.files.find((f) => f._id === fileId);
    const object = file && (await c.env.FILES.get(file.key));
    if (!file || !object) throw new ApiError(404, 'File not found');
    return new Response(object.body, { headers: downloadHeaders(file) });
  })
  .get(`${base}/:id`, validate('param', idParam), async (c) => c.json(await readHandIn(tenantDb(c), authOf(c), c.req.valid('param').id)))
  .put(`${base}/:id/mark`, validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    const { id } = c.req.valid('param');
    await markableHandIn(tdb, authOf(c), id);
    const view = await markHandIn(tdb, authOf(c), id, await parseJson(c, markInput));
    tellMarked(c, view);
    return c.json({ ...view, message: HAND_IN_MESSAGES.marked });
  })
  .put(`${base}/:id`, validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    const { id } = c.req.valid('param');
    await replaceableHandIn(tdb, authOf(c), id);
    const { fields, files } = await handInForm(c, handInReplaceFields);
    const view = await replaceHandIn(tdb, c.env.FILES, authOf(c), id, fields, files);
    return c.json({ ...view, message: HAND_IN_MESSAGES.replaced });
  })
  .delete(`${base}/:id`, validate('param', idParam), async (c) =>
    c.json({ ...(await withdrawHandIn(tenantDb(c), c.env.FILES, authOf(c), c.req.valid('param').id)), message: HAND_IN_MESSAGES.withdrawn }),
  );

/** The admin's hand-ins: every course's, behind the submissions flag. */
export const adminHomeworkSubmissionRoutes = new Hono<AppBindings>()
  .use(admin, requireAuth, requireAccount)
  .use(`${admin}/*`, requireAuth, requireAccount)
  .get(admin, requirePermission('submissions', ['view']), validate('query', adminHandInQuery), async (c) =>
    c.json(await adminHandInPage(tenantDb(c), c.req.valid('query'))),
  )
  .get(`${admin}/by-course`, requirePermission('submissions', ['view']), validate('query', handInCourseQuery), async (c) =>
    c.json(await courseHandInPage(tenantDb(c), authOf(c), c.req.valid('query'))),
  )
  .put(`${admin}/:id/mark`, requirePermission('submissions', ['edit']), validate('param', idParam), async (c) => {
    const tdb = tenantDb(c);
    const { id } = c.req.valid('param');
    await markableHandIn(tdb, authOf(c), id);
    const view = await markHandIn(tdb, authOf(c), id, await parseJson(c, markInput));
    tellMarked(c, view);
    return c.json({ ...view, message: HAND_IN_MESSAGES.marked });
  })
  .delete(`${admin}/:id`, requirePermission('submissions', ['delete']), validate('param', idParam), async (c) =>
    c.json(await removeHandIn(tenantDb(c), c.env.FILES, authOf(c), c.req.valid('param').id)),
  );
