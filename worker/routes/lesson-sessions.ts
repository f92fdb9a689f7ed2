import { and, count, desc, eq, or, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  type BookmarkView,
  bookmarkInput,
  bookmarksQuery,
  numberQuestions,
  sessionListInput,
  sessionSaveInput,
} from '../../schema/contracts/lesson-sessions';
import { hasTenantPermission } from '../../schema/contracts/permissions';
import { bookmarks, courseStudents, courseTutors, lessonSessions } from '../../schema/tables';
import { newId } from '../../schema/tables/columns';
import type { AppBindings } from '../env';
import { lessonAccess, requireLessonEdit } from '../lib/lesson-access';
import { sessionOfSection, toSessionView } from '../lib/lesson-sessions';
import { paged } from '../lib/pagination';
import { type TenantDb, tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { ApiError, fieldError } from '../../platform/errors';
import { adminPermissions, requireAccount } from '../middleware/permissions';
import { validate } from '../middleware/validate';

type Bookmark = typeof bookmarks.$inferSelect;

const sessionNotFound = () => new ApiError(404, 'Session not found');

const toBookmarkView = (row: Bookmark): BookmarkView => ({
  _id: row._id,
  sectionId: row.sectionId,
  tutorId: row.tutorId,
  studentId: row.studentId,
  subject: row.subject,
  subTopicId: row.subTopicId,
  subTopicName: row.subTopicName,
  pageNo: row.pageNo,
  pageId: row.pageId,
  createdAt: row.createdAt.toISOString(),
});

/** A session the caller may see: one of a lesson they are a member of. Others get the same 404 as a missing one. */
async function readableSession(c: Parameters<typeof lessonAccess>[0], sessionId: string) {
  const tdb = tenantDb(c);
  const row = await tdb.db.select().from(lessonSessions).where(tdb.where(lessonSessions, eq(lessonSessions._id, sessionId))).get();
  if (!row) throw sessionNotFound();
  await lessonAccess(c, row.sectionId).catch((error: unknown) => {
    throw error instanceof ApiError && error.status === 404 ? sessionNotFound() : error;
  });
  return row;
}

async function requireEnrolled(tdb: TenantDb, courseId: string, studentId: string, path: string) {
  const row = await tdb.db
    .select({ _id: courseStudents._id })
    .from(courseStudents)
    .where(tdb.where(courseStudents, eq(courseStudents.courseId, courseId), eq(courseStudents.userId, studentId), eq(courseStudents.status, 'ENROLLED')))
    .get();
  if (!row) throw fieldError(path, 'must be a student enrolled in this course');
}

/**
 * Sessions (a lesson's questions by board page) and bookmarks of board pages (spec 3, section 7). A bookmark answer
 * says whether the meeting has ended, so a client still in the room ends it too.
 */
export const lessonSessionRoutes = new Hono<AppBindings>()
  .use('/sessions/*', requireAuth, requireAccount)
  .use('/sessions', requireAuth, requireAccount)
  .use('/bookmarks', requireAuth, requireAccount)
  .post('/sessions', validate('json', sessionSaveInput), async (c) => {
    const input = c.req.valid('json');
    const lesson = await lessonAccess(c, input.sectionId);
    if (!lesson.leads) throw new ApiError(403, "Only the lesson's tutor can set its questions");
    if (input.studentId) await requireEnrolled(lesson.tdb, lesson.section.courseId, input.studentId, 'studentId');
    const questions = input.questions.map((q) => ({ _id: newId(), pageNo: q.pageNo, text: q.text }));
    const existing = await sessionOfSection(lesson.tdb, lesson.section._id);
    const values = { studentId: input.studentId ?? null, subTopicId: input.subTopicId ?? null, questions };
    const row = existing
      ? await lesson.tdb.db.update(lessonSessions).set(values).where(lesson.tdb.where(lessonSessions, eq(lessonSessions._id, existing._id))).returning().get()
      : await lesson.tdb.db
          .insert(lessonSessions)
          .values(lesson.tdb.values(lessonSessions, { sectionId: lesson.section._id, createdBy: lesson.userId, ...values }))
          .returning()
          .get();
    return c.json(toSessionView(row), existing ? 200 : 201);
  })
  .post('/sessions/list', validate('json', sessionListInput), async (c) => {
    const input = c.req.valid('json');
    const row = await readableSession(c, input.session);
    const questions = numberQuestions(row.questions);
    return c.json(paged(questions.slice(input.offset, input.offset + input.limit), questions.length, input));
  })
  .get('/sessions/:id', validate('param', z.object({ id: z.string().min(1).max(64) })), async (c) =>
    c.json(toSessionView(await readableSession(c, c.req.valid('param').id))),
  )
  .post('/lesson-rooms/:sectionId/end', requireAuth, requireAccount, validate('param', z.object({ sectionId: z.string().min(1).max(64) })), async (c) => {
    const lesson = await lessonAccess(c, c.req.valid('param').sectionId);
    if (!lesson.leads) throw new ApiError(403, "Only the lesson's tutor can end it");
    const existing = await sessionOfSection(lesson.tdb, lesson.section._id);
    const ended = { endedAt: existing?.endedAt ?? new Date(), endedBy: existing?.endedBy ?? lesson.userId };
    const row = existing
      ? await lesson.tdb.db.update(lessonSessions).set(ended).where(lesson.tdb.where(lessonSessions, eq(lessonSessions._id, existing._id))).returning().get()
      : await lesson.tdb.db
          .insert(lessonSessions)
          .values(lesson.tdb.values(lessonSessions, { sectionId: lesson.section._id, createdBy: lesson.userId, ...ended }))
          .returning()
          .get();
    return c.json(toSessionView(row));
  })
  .post('/bookmarks', validate('json', bookmarkInput), async (c) => {
    const input = c.req.valid('json');
    const lesson = await lessonAccess(c, input.sectionId);
    requireLessonEdit(lesson);
    const { tdb, access } = lesson;
    let studentId: string | null = null;
    if (access.enrolled) {
      if (input.studentId && input.studentId !== lesson.userId) throw fieldError('studentId', 'must be you: students bookmark for themselves');
      studentId = lesson.userId;
    } else if (input.studentId) {
      await requireEnrolled(tdb, lesson.section.courseId, input.studentId, 'studentId');
      studentId = input.studentId;
    }
    const tutorId = access.tutorPermissions
      ? lesson.userId
      : ((
          await tdb.db
            .select({ userId: courseTutors.userId })
            .from(courseTutors)
            .where(tdb.where(courseTutors, eq(courseTutors.courseId, lesson.section.courseId), eq(courseTutors.type, 'PRIMARY'), eq(courseTutors.status, 'ENABLE')))
            .get()
        )?.userId ?? null);
    const row = await tdb.db
      .insert(bookmarks)
      .values(
        tdb.values(bookmarks, {
          sectionId: lesson.section._id,
          tutorId,
          studentId,
          subject: input.subject,
          subTopicId: input.subTopicId ?? null,
          subTopicName: input.subTopicName ?? null,
          pageNo: input.pageNo,
          pageId: input.pageId,
          createdBy: lesson.userId,
        }),
      )
      .returning()
      .get();
    const session = await sessionOfSection(tdb, lesson.section._id);
    return c.json({ ...toBookmarkView(row), isMeetingEnded: Boolean(session?.endedAt) }, 201);
  })
  .get('/bookmarks', validate('query', bookmarksQuery), async (c) => {
    const query = c.req.valid('query');
    const tdb = tenantDb(c);
    const auth = authOf(c);
    const conds: SQL[] = [];
    if (query.tutorId) conds.push(eq(bookmarks.tutorId, query.tutorId));
    if (query.studentId) conds.push(eq(bookmarks.studentId, query.studentId));
    if (query.subject) conds.push(eq(bookmarks.subject, query.subject));
    // Admins who may view courses see the tenant's bookmarks; everyone else only those they are the tutor or student of.
    if (!(await viewsAllCourses(c))) conds.push(or(eq(bookmarks.tutorId, auth.userId), eq(bookmarks.studentId, auth.userId))!);
    const where = tdb.where(bookmarks, and(...conds));
    const [rows, total] = await Promise.all([
      tdb.db.select().from(bookmarks).where(where).orderBy(desc(bookmarks.createdAt), bookmarks._id).limit(query.limit).offset(query.offset).all(),
      tdb.db.select({ n: count() }).from(bookmarks).where(where).get(),
    ]);
    return c.json(paged(rows.map(toBookmarkView), total?.n ?? 0, query));
  });

/** Whether the signed-in admin's role and tenant both grant viewing courses. */
async function viewsAllCourses(c: Parameters<typeof lessonAccess>[0]) {
  const auth = authOf(c);
  if (auth.role !== 'ADMIN' || auth.actingUserId !== auth.userId) return false;
  const map = await adminPermissions(c.get('db'), c.get('tenant')._id, auth.userId);
  return hasTenantPermission(map, c.get('tenant').permissions, { adminCourse: ['view'] });
}
