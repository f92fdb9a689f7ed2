import { type Context, Hono } from 'hono';
import { ApiError } from '../../platform/errors';
import {
  type JoinedResult,
  lessonRoomPath,
  type MeetingData,
  ROOM_CLOSE_GRACE_MS,
  type StartMeetingResult,
  type WaitingNotifiedResult,
  waitingIdInput,
} from '../../schema/contracts/waiting-room';
import type { AppBindings } from '../env';
import { assertStartable, joinWindow, wireWindow } from '../lib/lessons/join-window';
import { tenantDb } from '../lib/tenant-db';
import { assertOpen, peopleByIds, type WaitingLessonAccess, waitingLessonFor, waitingLessonOf, waitingRoomStub } from '../lib/waiting-room/lesson';
import { mailAbsentTutors } from '../lib/waiting-room/waiting-notice';
import { authOf, requireAuth } from '../middleware/auth';
import { requireAccount } from '../middleware/permissions';
import { validate } from '../middleware/validate';

/** The lesson and the caller's place in it, with its room told about the lesson as it stands now. */
async function openLesson(c: Context<AppBindings>, waitingId: string) {
  const tdb = tenantDb(c);
  const tenant = c.get('tenant');
  const lesson = await waitingLessonFor(tdb, tenant.permissions, authOf(c), waitingId);
  const room = waitingRoomStub(c.env, tenant._id, waitingId);
  // A cancelled lesson is not armed: its room must not alert anyone about a lesson that will not happen.
  const status = lesson.section.status === 'ACTIVE' ? await room.arm(waitingLessonOf(lesson, tenant._id, new URL(c.req.url).origin)) : null;
  return { tdb, lesson, room, status };
}

/** The lesson's status and join window as the one rule decides it now, with what its room knows. */
const windowOf = (lesson: WaitingLessonAccess, status: { startedAt: number | null; closed: boolean } | null, now: Date) =>
  joinWindow(
    {
      start: lesson.section.start!,
      duration: lesson.section.duration!,
      cancelled: lesson.section.status === 'CANCELLED',
      startedAt: status ? (status.startedAt != null ? new Date(status.startedAt) : null) : undefined,
      closed: lesson.section.status === 'COMPLETED' || Boolean(status?.closed),
    },
    now,
  );

/** The acting user joins as TUTOR only when they teach this lesson; an admin starting it does not count as its tutor. */
const joinKind = (lesson: WaitingLessonAccess, userId: string) => (lesson.tutorIds.includes(userId) ? 'TUTOR' : lesson.viewerKind);

/**
 * Waiting room over HTTP (spec 1 section 7). The waiting id is the lesson's section id; only the lesson's people
 * and admins who can see its course get an answer, everyone else the 404 of a missing lesson.
 */
export const waitingRoomRoutes = new Hono<AppBindings>()
  .use('/meeting-data/*', requireAuth, requireAccount)
  .use('/start-meeting', requireAuth, requireAccount)
  .use('/notify-user-joined-to-meeting', requireAuth, requireAccount)
  .use('/notify-user-waiting', requireAuth, requireAccount)
  .get('/meeting-data/:waitingId', validate('param', waitingIdInput), async (c) => {
    const { tdb, lesson, status } = await openLesson(c, c.req.valid('param').waitingId);
    const { section, access } = lesson;
    const [tutors, students] = await Promise.all([peopleByIds(tdb, lesson.tutorIds), peopleByIds(tdb, lesson.studentIds)]);
    const start = section.start!.getTime();
    const end = start + section.duration! * 60_000;
    const data: MeetingData = {
      _id: section._id,
      waitingId: section._id,
      title: section.title,
      description: section.description,
      kind: section.kind,
      lessonKind: section.lessonKind,
      status: section.status,
      course: { _id: access.course._id, title: access.course.title },
      tutors,
      students,
      start: new Date(start).toISOString(),
      end: new Date(end).toISOString(),
      duration: section.duration!,
      joinUrl: section.joinUrl ?? `/learning-portal/waiting-room/${section._id}`,
      lessonRoomUrl: lessonRoomPath(section._id),
      isMeetingStarted: status?.startedAt != null,
      startedAt: status?.startedAt != null ? new Date(status.startedAt).toISOString() : null,
      isMeetingEnded: section.status === 'COMPLETED' || Boolean(status?.closed) || Date.now() >= end + ROOM_CLOSE_GRACE_MS,
      viewerKind: lesson.viewerKind,
      canStart: lesson.canStart && section.status === 'ACTIVE',
      ...wireWindow(windowOf(lesson, status, new Date())),
    };
    return c.json(data);
  })
  .post('/start-meeting', validate('json', waitingIdInput), async (c) => {
    const { lesson, room, status } = await openLesson(c, c.req.valid('json').waitingId);
    assertOpen(lesson.section, Boolean(status?.closed));
    if (!lesson.canStart) throw new ApiError(403, "Only the lesson's tutor or an admin can start it");
    const now = new Date();
    assertStartable(windowOf(lesson, status, now), now);
    const { actingUserId } = authOf(c);
    const startedAt = await room.startMeeting({ userId: actingUserId, kind: joinKind(lesson, actingUserId) });
    if (startedAt === null) throw new ApiError(409, 'This lesson has ended');
    const result: StartMeetingResult = {
      waitingId: lesson.section._id,
      startedAt: new Date(startedAt).toISOString(),
      lessonRoomUrl: lessonRoomPath(lesson.section._id),
    };
    return c.json(result);
  })
  .post('/notify-user-joined-to-meeting', validate('json', waitingIdInput), async (c) => {
    const { lesson, room, status } = await openLesson(c, c.req.valid('json').waitingId);
    assertOpen(lesson.section, Boolean(status?.closed));
    const { actingUserId } = authOf(c);
    const joinedAt = await room.markJoined(actingUserId, joinKind(lesson, actingUserId));
    if (joinedAt === null) throw new ApiError(409, 'This lesson has ended');
    const result: JoinedResult = { waitingId: lesson.section._id, joinedAt: new Date(joinedAt).toISOString() };
    return c.json(result);
  })
  .post('/notify-user-waiting', validate('json', waitingIdInput), async (c) => {
    const { tdb, lesson, room, status } = await openLesson(c, c.req.valid('json').waitingId);
    assertOpen(lesson.section, Boolean(status?.closed));
    const { actingUserId } = authOf(c);
    const result: WaitingNotifiedResult = { waitingId: lesson.section._id, notified: 0 };
    if (status?.startedAt != null || lesson.tutorIds.includes(actingUserId)) return c.json(result);
    const absent = await room.claimWaitingNotice(actingUserId);
    if (!absent?.length) return c.json(result);
    const input = { lesson, tutorIds: absent, origin: new URL(c.req.url).origin, env: c.env, waitUntil: (p: Promise<unknown>) => c.executionCtx.waitUntil(p) };
    result.notified = await mailAbsentTutors(tdb, authOf(c), input);
    return c.json(result);
  });
