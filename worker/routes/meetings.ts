import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { idParam, recordId } from '../../schema/contracts/common';
import {
  bookMeetingInput,
  cancelInput,
  courseQuery,
  type MeetingKind,
  meetingCreateInput,
  meetingUpdateInput,
  rescheduleMeetingInput,
} from '../../schema/contracts/sections';
import type { AppBindings } from '../env';
import { afterAnswer, notifyContext } from '../lib/notifications/context';
import { notifyLesson } from '../lib/notifications/lesson-notices';
import { courseAccessFor, editableSection } from '../lib/sections/access';
import { assertMayBook, bookLesson, cancelSection, createMeeting, deleteSection, rescheduleMeeting, updateMeeting } from '../lib/sections/operations';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount, requireCourseStaff, requireRole } from '../middleware/permissions';
import { parseJson, parseQuery, validate } from '../middleware/validate';

const sectionIdParam = z.object({ sectionId: recordId });

type Ctx = Context<AppBindings>;

const lessonEnv = (c: Ctx) => ({ production: c.env.APP_ENV === 'production' });

/** The lesson the caller may change, found before its body is read, so a stranger gets the 404 whatever they send. */
const lessonFor = (c: Ctx, id: string, kind: MeetingKind, action: 'edit' | 'delete') => editableSection(tenantDb(c), authOf(c), id, [kind], action);

/** The course a body names must be one of the caller's before the rest of the body is read. */
async function gateBodyCourse(c: Ctx) {
  const { course } = await parseJson(c, courseQuery);
  return courseAccessFor(tenantDb(c), authOf(c), course);
}

/** Team meetings and zoom meetings behave the same; only the section kind (and the course-role resource) differ. */
function meetingRoutesFor(kind: MeetingKind, base: string) {
  return new Hono<AppBindings>()
    .use(`${base}/*`, requireAuth, requireAccount)
    .use(base, requireAuth, requireAccount)
    .post(base, requireCourseStaff, async (c) => {
      await gateBodyCourse(c);
      const created = await createMeeting(tenantDb(c), authOf(c), kind, await parseJson(c, meetingCreateInput), lessonEnv(c));
      for (const lesson of created.occurrences ?? [created]) afterAnswer(c, notifyLesson(notifyContext(c), lesson._id, 'booked'));
      return c.json(created, 201);
    })
    .put(`${base}/cancel/:id`, validate('param', idParam), async (c) => {
      const { row } = await lessonFor(c, c.req.valid('param').id, kind, 'edit');
      const cancelled = await cancelSection(tenantDb(c), authOf(c), row, (await parseJson(c, cancelInput)).reason);
      afterAnswer(c, notifyLesson(notifyContext(c), row._id, 'cancelled'));
      return c.json(cancelled);
    })
    .put(`${base}/reschedule/:sectionId`, validate('param', sectionIdParam), async (c) => {
      const target = await lessonFor(c, c.req.valid('param').sectionId, kind, 'edit');
      const moved = await rescheduleMeeting(tenantDb(c), authOf(c), target, await parseJson(c, rescheduleMeetingInput), lessonEnv(c));
      afterAnswer(c, notifyLesson(notifyContext(c), target.row._id, 'moved'));
      return c.json(moved);
    })
    .put(`${base}/delete/:id`, validate('param', idParam), async (c) => {
      const { row } = await lessonFor(c, c.req.valid('param').id, kind, 'delete');
      return c.json(await deleteSection(tenantDb(c), row));
    })
    .put(`${base}/:id`, validate('param', idParam), async (c) => {
      const target = await lessonFor(c, c.req.valid('param').id, kind, 'edit');
      return c.json(await updateMeeting(tenantDb(c), authOf(c), target, await parseJson(c, meetingUpdateInput), lessonEnv(c)));
    })
    .delete(`${base}/:id`, validate('param', idParam), async (c) => {
      const { row } = await lessonFor(c, c.req.valid('param').id, kind, 'delete');
      return c.json(await deleteSection(tenantDb(c), row, (await parseQuery(c, courseQuery)).course));
    });
}

/** A course's students (or a parent for them) and its tutors book; an admin books nothing, whatever the body says. */
const mayBook = requireRole('STUDENT', 'PARENT', 'TUTOR');

const bookingRoutes = new Hono<AppBindings>().post('/team-meetings/course-meeting-book', requireAuth, requireAccount, mayBook, async (c) => {
  assertMayBook(await gateBodyCourse(c));
  const booked = await bookLesson(tenantDb(c), authOf(c), await parseJson(c, bookMeetingInput), lessonEnv(c));
  afterAnswer(c, notifyLesson(notifyContext(c), booked._id, 'booked'));
  return c.json(booked, 201);
});

export const meetingRoutes = new Hono<AppBindings>()
  .route('/', bookingRoutes)
  .route('/', meetingRoutesFor('TEAMS', '/team-meetings'))
  .route('/', meetingRoutesFor('ZOOM', '/zoom-meetings'));
