import { and, desc, eq, or, type SQL } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { ApiError } from '../../platform/errors';
import { idParam, recordId } from '../../schema/contracts/common';
import { bookmarkInput, bookmarksQuery, numberQuestions, sessionListInput, sessionSaveInput } from '../../schema/contracts/lesson-sessions';
import { hasTenantPermission } from '../../schema/contracts/permissions';
import { bookmarks, lessonSessions } from '../../schema/tables';
import type { AppBindings } from '../env';
import { adminPermissions } from '../lib/admin-permissions';
import { requireLessonEdit } from '../lib/lesson-access';
import { addBookmark, endLesson, saveSession, toBookmarkView, toSessionView } from '../lib/lesson-sessions';
import { listPage, paged } from '../lib/pagination';
import { tellCreditsChanged } from '../lib/payments/credit-news';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { lessonOf } from '../middleware/lesson';
import { requireAccount, requireCourseStaff } from '../middleware/permissions';
import { parseJson, validate } from '../middleware/validate';

const sessionNotFound = () => new ApiError(404, 'Session not found');
const sectionIdParam = z.object({ sectionId: recordId });
const lessonOfBody = z.object({ sectionId: recordId });
const sessionOfBody = z.object({ session: recordId });

/** The lesson a body names, with the caller's place in it: the gate, run before the rest of the body is read. */
async function bodyLesson(c: Context<AppBindings>) {
  return lessonOf(c, (await parseJson(c, lessonOfBody)).sectionId);
}

/** A session the caller may see: one of a lesson they are a member of. Others get the same 404 as a missing one. */
async function readableSession(c: Parameters<typeof lessonOf>[0], sessionId: string) {
  const tdb = tenantDb(c);
  const row = await tdb.db
    .select()
    .from(lessonSessions)
    .where(tdb.where(lessonSessions, eq(lessonSessions._id, sessionId)))
    .get();
  if (!row) throw sessionNotFound();
  await lessonOf(c, row.sectionId).catch((error: unknown) => {
    throw error instanceof ApiError && error.status === 404 ? sessionNotFound() : error;
  });
  return row;
}

/**
 * Sessions (a lesson's questions by board page) and bookmarks of board pages (spec 3, section 7). A bookmark answer
 * says whether the meeting has ended, so a client still in the room ends it too.
 */
export const lessonSessionRoutes = new Hono<AppBindings>()
  .use('/sessions/*', requireAuth, requireAccount)
  .use('/sessions', requireAuth, requireAccount)
  .use('/bookmarks', requireAuth, requireAccount)
  .post('/sessions', requireCourseStaff, async (c) => {
    const lesson = await bodyLesson(c);
    if (!lesson.leads) throw new ApiError(403, "Only the lesson's tutor can set its questions");
    const { row, created } = await saveSession(lesson, await parseJson(c, sessionSaveInput));
    return c.json(toSessionView(row), created ? 201 : 200);
  })
  .post('/sessions/list', async (c) => {
    const row = await readableSession(c, (await parseJson(c, sessionOfBody)).session);
    const input = await parseJson(c, sessionListInput);
    const questions = numberQuestions(row.questions);
    return c.json(paged(questions.slice(input.offset, input.offset + input.limit), questions.length, input));
  })
  .get('/sessions/:id', validate('param', idParam), async (c) => c.json(toSessionView(await readableSession(c, c.req.valid('param').id))))
  .post('/lesson-rooms/:sectionId/end', requireAuth, requireAccount, validate('param', sectionIdParam), async (c) => {
    const lesson = await lessonOf(c, c.req.valid('param').sectionId);
    const { session, closedFor } = await endLesson(lesson);
    // Closing may have spent the students' prepaid minutes: their families' open tabs read their balances again.
    for (const studentId of closedFor) c.executionCtx.waitUntil(tellCreditsChanged(c.env, lesson.tdb, studentId));
    return c.json(toSessionView(session));
  })
  .post('/bookmarks', async (c) => {
    const lesson = await bodyLesson(c);
    requireLessonEdit(lesson);
    return c.json(await addBookmark(lesson, await parseJson(c, bookmarkInput)), 201);
  })
  .get('/bookmarks', validate('query', bookmarksQuery), async (c) => {
    const query = c.req.valid('query');
    const tdb = tenantDb(c);
    const auth = authOf(c);
    const conds: SQL[] = [];
    if (query.tutorId) conds.push(eq(bookmarks.tutorId, query.tutorId));
    if (query.studentId) conds.push(eq(bookmarks.studentId, query.studentId));
    if (query.subject) conds.push(eq(bookmarks.subject, query.subject));
    if (query.sectionId) conds.push(eq(bookmarks.sectionId, query.sectionId));
    // Admins who may view courses see the tenant's bookmarks; everyone else only those they are the tutor or student of.
    if (!(await viewsAllCourses(c))) conds.push(or(eq(bookmarks.tutorId, auth.userId), eq(bookmarks.studentId, auth.userId))!);
    const where = tdb.where(bookmarks, and(...conds));
    const page = await listPage(tdb.db, bookmarks, where, query, (p) =>
      tdb.db.select().from(bookmarks).where(where).orderBy(desc(bookmarks.createdAt), bookmarks._id).limit(p.limit).offset(p.offset).all(),
    );
    return c.json(paged(page.docs.map(toBookmarkView), page.totalDocs, query));
  });

/** Whether the signed-in admin's role and tenant both grant viewing courses. */
async function viewsAllCourses(c: Parameters<typeof lessonOf>[0]) {
  const auth = authOf(c);
  if (auth.role !== 'ADMIN' || auth.actingUserId !== auth.userId) return false;
  const map = await adminPermissions(c.get('db'), c.get('tenant')._id, auth.userId);
  return hasTenantPermission(map, c.get('tenant').permissions, { adminCourse: ['view'] });
}
