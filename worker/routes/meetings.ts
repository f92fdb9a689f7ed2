import { Hono } from 'hono';
import { z } from 'zod';
import { bookMeetingInput, cancelInput, courseQuery, type MeetingKind, meetingCreateInput, meetingUpdateInput, rescheduleMeetingInput } from '../../schema/contracts/sections';
import type { AppBindings } from '../env';
import { courseAccessFor } from '../lib/sections/access';
import { createMeetings, planStarts } from '../lib/sections/create';
import { cancelSection, createMeetingFromInput, deleteSection, rescheduleMeeting, updateMeeting } from '../lib/sections/handlers';
import { assertDurationAllowed, assertNoTutorOverlap, courseMembers } from '../lib/sections/meetings';
import { tenantDb } from '../lib/tenant-db';
import { authOf, requireAuth } from '../middleware/auth';
import { ApiError } from '../../platform/errors';
import { requireAccount } from '../middleware/permissions';
import { validate } from '../middleware/validate';

const idParam = z.object({ id: z.string().min(1).max(64) });
const sectionIdParam = z.object({ sectionId: z.string().min(1).max(64) });

/** Team meetings and zoom meetings behave the same; only the section kind (and the course-role resource) differ. */
function meetingRoutesFor(kind: MeetingKind, base: string) {
  return new Hono<AppBindings>()
    .use(`${base}/*`, requireAuth, requireAccount)
    .use(base, requireAuth, requireAccount)
    .post(base, validate('json', meetingCreateInput), async (c) => c.json(await createMeetingFromInput(c, kind, c.req.valid('json')), 201))
    .put(`${base}/cancel/:id`, validate('param', idParam), validate('json', cancelInput), async (c) =>
      c.json(await cancelSection(c, c.req.valid('param').id, [kind], c.req.valid('json').reason)),
    )
    .put(`${base}/reschedule/:sectionId`, validate('param', sectionIdParam), validate('json', rescheduleMeetingInput), async (c) =>
      c.json(await rescheduleMeeting(c, c.req.valid('param').sectionId, kind, c.req.valid('json'))),
    )
    .put(`${base}/delete/:id`, validate('param', idParam), async (c) => c.json(await deleteSection(c, c.req.valid('param').id, [kind])))
    .put(`${base}/:id`, validate('param', idParam), validate('json', meetingUpdateInput), async (c) =>
      c.json(await updateMeeting(c, c.req.valid('param').id, kind, c.req.valid('json'))),
    )
    .delete(`${base}/:id`, validate('param', idParam), validate('query', courseQuery), async (c) =>
      c.json(await deleteSection(c, c.req.valid('param').id, [kind], c.req.valid('query').course)),
    );
}

/**
 * A course's own student (or a parent acting for them) or its tutor books a lesson: the booker and the course's
 * tutors attend; a tutor booking brings the course's students.
 */
const bookingRoutes = new Hono<AppBindings>().post('/team-meetings/course-meeting-book', requireAuth, requireAccount, validate('json', bookMeetingInput), async (c) => {
  const input = c.req.valid('json');
  const tdb = tenantDb(c);
  const { actingUserId } = authOf(c);
  const access = await courseAccessFor(c, input.course);
  if (!access.enrolled && !access.tutorPermissions) throw new ApiError(403, "Only the course's students and tutors can book its lessons");
  assertDurationAllowed(input.duration, c.env.APP_ENV);
  const members = await courseMembers(tdb, input.course);
  const students = access.enrolled ? [actingUserId] : members.students;
  const attendees = [...members.tutors.map((user) => ({ user, kind: 'TUTOR' as const })), ...students.map((user) => ({ user, kind: 'STUDENT' as const }))];
  await assertNoTutorOverlap(tdb, attendees, [{ start: input.start, duration: input.duration }]);
  const [section] = await createMeetings(
    tdb,
    actingUserId,
    'TEAMS',
    { course: input.course, parent: null, title: input.title, description: '', starts: planStarts(input.start, undefined), duration: input.duration, lessonKind: input.lessonKind, billingKind: 'BILLABLE' },
    attendees,
  );
  return c.json(section!, 201);
});

export const meetingRoutes = new Hono<AppBindings>()
  .route('/', bookingRoutes)
  .route('/', meetingRoutesFor('TEAMS', '/team-meetings'))
  .route('/', meetingRoutesFor('ZOOM', '/zoom-meetings'));
