import { ApiError } from '../../../platform/errors';
import { recordJoin } from '../../../platform/ledger/attendance';
import type { PermissionMap } from '../../../schema/contracts/permissions';
import {
  type JoinedResult,
  lessonRoomPath,
  type MeetingData,
  ROOM_CLOSE_GRACE_MS,
  type StartMeetingResult,
  type WaitingNotifiedResult,
} from '../../../schema/contracts/waiting-room';
import type { Actor } from '../../env';
import { assertStartable, joinWindow, wireWindow } from '../lessons/join-window';
import type { MailFrom } from '../mail-from';
import type { TenantDb } from '../tenant-db';
import { assertOpen, peopleByIds, type WaitingLessonAccess, waitingLessonFor, waitingLessonOf, waitingRoomStub } from './lesson';
import { mailAbsentTutors } from './waiting-notice';

/** Where a waiting-room call is answered: the tenant's permissions, and its origin and outbox for links and mail. */
export interface WaitingPlace {
  permissions: PermissionMap;
  mail: MailFrom;
}

/** The lesson and the caller's place in it, with its room told about the lesson as it stands now. */
async function openLesson(tdb: TenantDb, actor: Actor, place: WaitingPlace, waitingId: string) {
  const lesson = await waitingLessonFor(tdb, place.permissions, actor, waitingId);
  const room = waitingRoomStub(place.mail.env, tdb.tenantId, waitingId);
  // A cancelled lesson is not armed: its room must not alert anyone about a lesson that will not happen.
  const status = lesson.section.status === 'ACTIVE' ? await room.arm(waitingLessonOf(lesson, tdb.tenantId, place.mail.origin)) : null;
  return { lesson, room, status };
}

/** The lesson's status and join window as the one rule decides it now, with what its room knows. */
const windowOf = (lesson: WaitingLessonAccess, status: { startedAt: number | null; closed: boolean } | null, now: Date) =>
  joinWindow(
    {
      start: lesson.section.start!,
      duration: lesson.section.duration!,
      cancelled: lesson.section.status === 'CANCELLED',
      startedAt: lesson.section.missed ? null : status ? (status.startedAt != null ? new Date(status.startedAt) : null) : undefined,
      closed: lesson.section.status === 'COMPLETED' || Boolean(status?.closed),
    },
    now,
  );

/** The acting user joins as TUTOR only when they teach this lesson; an admin starting it does not count as its tutor. */
const joinKind = (lesson: WaitingLessonAccess, userId: string) => (lesson.tutorIds.includes(userId) ? 'TUTOR' : lesson.viewerKind);

/** The meeting's data for the waiting room page (spec 1 section 7), its room armed for the lesson as it stands. */
export async function meetingData(tdb: TenantDb, actor: Actor, place: WaitingPlace, waitingId: string): Promise<MeetingData> {
  const { lesson, status } = await openLesson(tdb, actor, place, waitingId);
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
  return data;
}

/** The lesson's tutor (or an admin) starts it, inside its join window. */
export async function startMeeting(tdb: TenantDb, actor: Actor, place: WaitingPlace, waitingId: string): Promise<StartMeetingResult> {
  const { lesson, room, status } = await openLesson(tdb, actor, place, waitingId);
  assertOpen(lesson.section, Boolean(status?.closed));
  if (!lesson.canStart) throw new ApiError(403, "Only the lesson's tutor or an admin can start it");
  const now = new Date();
  assertStartable(windowOf(lesson, status, now), now);
  const startedAt = await room.startMeeting({ userId: actor.actingUserId, kind: joinKind(lesson, actor.actingUserId) });
  if (startedAt === null) throw new ApiError(409, 'This lesson has ended');
  return { waitingId: lesson.section._id, startedAt: new Date(startedAt).toISOString(), lessonRoomUrl: lessonRoomPath(lesson.section._id) };
}

/** The caller went from the waiting room into the meeting. */
export async function markJoined(tdb: TenantDb, actor: Actor, place: WaitingPlace, waitingId: string): Promise<JoinedResult> {
  const { lesson, room, status } = await openLesson(tdb, actor, place, waitingId);
  assertOpen(lesson.section, Boolean(status?.closed));
  const joinedAt = await room.markJoined(actor.actingUserId, joinKind(lesson, actor.actingUserId));
  if (joinedAt === null) throw new ApiError(409, 'This lesson has ended');
  // The join counts for the lesson's attendance at once; the lesson room's sockets then count the time in it.
  const at = new Date(joinedAt);
  await recordJoin(tdb.db, { tenantId: tdb.tenantId, sectionId: lesson.section._id, userId: actor.actingUserId }, at, false);
  return { waitingId: lesson.section._id, joinedAt: at.toISOString() };
}

/** The caller is waiting: tutors not yet there are mailed, once per waiting person, until the lesson starts. */
export async function notifyWaiting(tdb: TenantDb, actor: Actor, place: WaitingPlace, waitingId: string): Promise<WaitingNotifiedResult> {
  const { lesson, room, status } = await openLesson(tdb, actor, place, waitingId);
  assertOpen(lesson.section, Boolean(status?.closed));
  const result: WaitingNotifiedResult = { waitingId: lesson.section._id, notified: 0 };
  if (status?.startedAt != null || lesson.tutorIds.includes(actor.actingUserId)) return result;
  const absent = await room.claimWaitingNotice(actor.actingUserId);
  if (!absent?.length) return result;
  result.notified = await mailAbsentTutors(tdb, actor, { lesson, tutorIds: absent, ...place.mail });
  return result;
}
