import { asc, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { ApiError } from '../../platform/errors';
import { recordId } from '../../schema/contracts/common';
import { hasTenantPermission } from '../../schema/contracts/permissions';
import { type CalendarFeed, type MeetingsList, meetingsQuery, type ScheduleList, scheduleListQuery } from '../../schema/contracts/schedule';
import { sections, userMappers, users } from '../../schema/tables';
import type { AppBindings } from '../env';
import { adminPermissions } from '../lib/admin-permissions';
import { courseAccess } from '../lib/courses/access';
import { sortBy } from '../lib/pagination';
import { FEED_TOKEN, feedOf, feedOwner, feedUrl, removeFeed, rotateFeed } from '../lib/schedule/feeds';
import { lessonsCalendar } from '../lib/schedule/ics';
import { findLessons, lessonSortColumns, lessonTotals, toWire } from '../lib/schedule/lessons';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount, requirePermission } from '../middleware/permissions';
import { parseQuery, validate } from '../middleware/validate';

const userIdParam = z.object({ userId: recordId });
const sectionIdParam = z.object({ sectionId: recordId });
const feedParam = z.object({ file: z.string().max(80) });

const DAY = 24 * 60 * 60_000;
/** A subscribed calendar shows the recent past and the coming year; older lessons live in lesson history. */
const FEED_PAST_DAYS = 60;
const FEED_AHEAD_DAYS = 365;

const lessonNotFound = () => new ApiError(404, 'Lesson not found');
const originOf = (c: Context<AppBindings>) => new URL(c.req.url).origin;

/** An admin (acting as themselves) whose tenant role and tenant both grant viewing courses reads anyone's schedule. */
async function isCourseAdmin(c: Context<AppBindings>) {
  const auth = authOf(c);
  if (auth.role !== 'ADMIN' || auth.actingUserId !== auth.userId) return false;
  const tdb = tenantDb(c);
  return hasTenantPermission(await adminPermissions(tdb.db, tdb.tenantId, auth.userId), c.get('tenant').permissions, { adminCourse: ['view'] });
}

/**
 * Whose schedule the caller may read: their own (or, for a parent, the linked student they act for or name), or
 * anyone's for a course admin. Someone outside the tenant is a 404; a person of the tenant they may not see, a 403.
 */
async function assertScheduleReader(c: Context<AppBindings>, userId: string) {
  const tdb = tenantDb(c);
  const auth = authOf(c);
  const person = await tdb.db
    .select({ _id: users._id })
    .from(users)
    .where(tdb.where(users, eq(users._id, userId), isNull(users.deletedAt)))
    .get();
  if (!person) throw new ApiError(404, 'User not found');
  if (auth.actingUserId === userId) return;
  const linked = await tdb.db
    .select({ _id: userMappers._id })
    .from(userMappers)
    .where(tdb.where(userMappers, eq(userMappers.parentId, auth.userId), eq(userMappers.studentId, userId)))
    .get();
  if (linked || (await isCourseAdmin(c))) return;
  throw new ApiError(403, 'You cannot see this schedule');
}

/** One lesson for a member of its course (the same 404 as a missing lesson for anyone else). */
async function memberLesson(c: Context<AppBindings>, sectionId: string) {
  const tdb = tenantDb(c);
  const row = await tdb.db
    .select({ courseId: sections.courseId })
    .from(sections)
    .where(tdb.where(sections, eq(sections._id, sectionId), isNull(sections.deletedAt)))
    .get();
  if (!row) throw lessonNotFound();
  await courseAccess(tdb, c.get('tenant').permissions, authOf(c), row.courseId).catch(() => {
    throw lessonNotFound();
  });
  const [lesson] = await findLessons(tdb, { courseId: row.courseId, sectionId });
  if (!lesson) throw lessonNotFound();
  return lesson;
}

const calendarFile = (c: Context<AppBindings>, body: string, filename: string) =>
  c.body(body, 200, {
    'content-type': 'text/calendar; charset=utf-8',
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'private, no-store',
  });

const feedRoutes = new Hono<AppBindings>()
  .get('/schedule/feed', requireAuth, requireAccount, async (c) => {
    const feed = await feedOf(tenantDb(c), authOf(c).actingUserId);
    return c.json<CalendarFeed>({ url: feed ? feedUrl(originOf(c), feed.token) : null });
  })
  .post('/schedule/feed', requireAuth, requireAccount, async (c) => {
    const token = await rotateFeed(tenantDb(c), authOf(c).actingUserId);
    return c.json<CalendarFeed>({ url: feedUrl(originOf(c), token) });
  })
  .delete('/schedule/feed', requireAuth, requireAccount, async (c) => {
    await removeFeed(tenantDb(c), authOf(c).actingUserId);
    return c.json<CalendarFeed>({ url: null });
  })
  // Calendar apps send no token: the secret in the address is the credential, checked within this tenant only.
  .get('/schedule/feed/:file', validate('param', feedParam), async (c) => {
    const token = c.req.valid('param').file.replace(/\.ics$/, '');
    if (!FEED_TOKEN.test(token)) throw new ApiError(404, 'Calendar not found');
    const tdb = tenantDb(c);
    const owner = await feedOwner(tdb, token);
    if (!owner) throw new ApiError(404, 'Calendar not found');
    const now = Date.now();
    const lessons = await findLessons(tdb, {
      memberId: owner.userId,
      startDate: new Date(now - FEED_PAST_DAYS * DAY),
      endDate: new Date(now + FEED_AHEAD_DAYS * DAY),
    });
    return calendarFile(c, lessonsCalendar(lessons, originOf(c), `${c.get('tenant').name} lessons`), 'lessons.ics');
  });

const adminRoutes = new Hono<AppBindings>().get(
  '/admin/schedule/meetings',
  requireAuth,
  requirePermission('adminCourse', ['view']),
  validate('query', meetingsQuery),
  async (c) => {
    const query = c.req.valid('query');
    const tdb = tenantDb(c);
    const filters = { startDate: query.startDate, endDate: query.endDate, courseId: query.courseId, tutorId: query.tutorId, studentId: query.studentId };
    const order = sortBy(query, lessonSortColumns, asc(sections.start));
    const totals = await lessonTotals(tdb, filters);
    const docs = query.countOnly === '1' ? [] : await findLessons(tdb, filters, { order, limit: query.limit, offset: query.offset });
    return c.json<MeetingsList>({ docs: docs.map(toWire), limit: query.limit, offset: query.offset, ...totals });
  },
);

export const scheduleRoutes = new Hono<AppBindings>()
  .route('/', feedRoutes)
  .route('/', adminRoutes)
  .get('/schedule/list/:userId', requireAuth, requireAccount, validate('param', userIdParam), async (c) => {
    const { userId } = c.req.valid('param');
    await assertScheduleReader(c, userId);
    const query = await parseQuery(c, scheduleListQuery);
    const docs = (await findLessons(tenantDb(c), { ...query, memberId: userId })).map(toWire);
    // The range is the page: a calendar wants every lesson it shows, and the range cap bounds the answer.
    return c.json<ScheduleList>({ docs, totalDocs: docs.length, limit: docs.length, offset: 0 });
  })
  .get('/schedule/:sectionId/ics', requireAuth, requireAccount, validate('param', sectionIdParam), async (c) => {
    const lesson = await memberLesson(c, c.req.valid('param').sectionId);
    return calendarFile(c, lessonsCalendar([lesson], originOf(c), lesson.course.title), `lesson-${lesson._id}.ics`);
  })
  .get('/schedule/:sectionId', requireAuth, requireAccount, validate('param', sectionIdParam), async (c) => {
    return c.json(toWire(await memberLesson(c, c.req.valid('param').sectionId)));
  });
