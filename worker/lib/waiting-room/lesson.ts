import { eq, inArray, isNull } from 'drizzle-orm';
import type { WaitingRoom } from '../../../durable-objects/waiting-room';
import { ApiError } from '../../../platform/errors';
import { kindForRole, type WaitingLesson } from '../../../platform/realtime/waiting-lesson';
import { hasPermission, type PermissionMap } from '../../../schema/contracts/permissions';
import type { WaitingRoomKind } from '../../../schema/contracts/realtime';
import type { MeetingPerson } from '../../../schema/contracts/waiting-room';
import { courseTutors, sectionAttendees, sections, users } from '../../../schema/tables';
import type { AuthState, Env } from '../../env';
import { type CourseAccess, courseAccess } from '../courses/access';
import { courseMembers, MEETING_KINDS } from '../sections/meetings';
import type { TenantDb } from '../tenant-db';

export type LessonSection = typeof sections.$inferSelect & { kind: 'ZOOM' | 'TEAMS' };

export interface WaitingLessonAccess {
  section: LessonSection;
  access: CourseAccess;
  tutorIds: string[];
  studentIds: string[];
  viewerKind: WaitingRoomKind;
  /** The lesson's tutors and admins who can see the course start it; students and parents wait. */
  canStart: boolean;
}

const notFound = () => new ApiError(404, 'Lesson not found');

/**
 * The lesson behind a waiting id (a live meeting section) with the caller's place in it. Anyone who is not one of
 * its people (a student of the course the lesson is not for, a stranger, another tenant) gets the same 404 as a
 * lesson that does not exist.
 */
export async function waitingLessonFor(tdb: TenantDb, tenantPermissions: PermissionMap, auth: AuthState, waitingId: string): Promise<WaitingLessonAccess> {
  const row = await tdb.db
    .select()
    .from(sections)
    .where(tdb.where(sections, eq(sections._id, waitingId), isNull(sections.deletedAt)))
    .get();
  if (!row || !MEETING_KINDS.some((kind) => kind === row.kind) || row.start === null || row.duration === null) throw notFound();
  const section = row as LessonSection;
  const access = await courseAccess(tdb, tenantPermissions, auth, section.courseId).catch((error: unknown) => {
    throw error instanceof ApiError && error.status === 404 ? notFound() : error;
  });

  const attendees = await tdb.db
    .select({ userId: sectionAttendees.userId, kind: sectionAttendees.kind })
    .from(sectionAttendees)
    .where(tdb.where(sectionAttendees, eq(sectionAttendees.sectionId, section._id)))
    .all();
  const members = await courseMembers(tdb, section.courseId);
  // A lesson with named attendees is theirs; one without is the whole course's. Tutors must still be enabled.
  const listed = (kind: 'TUTOR' | 'STUDENT') => attendees.filter((a) => a.kind === kind).map((a) => a.userId);
  const tutorPool = listed('TUTOR').length ? listed('TUTOR').filter((id) => members.tutors.includes(id)) : members.tutors;
  const studentIds = listed('STUDENT').length ? listed('STUDENT').filter((id) => members.students.includes(id)) : members.students;
  const tutorIds = await primaryFirst(tdb, section.courseId, tutorPool);

  const isStaff = Boolean(access.tutorPermissions) || hasPermission(access.asAdmin, { adminCourse: ['view'] });
  if (!isStaff && !studentIds.includes(auth.actingUserId)) throw notFound();
  return { section, access, tutorIds, studentIds, viewerKind: kindForRole(auth.role), canStart: isStaff };
}

async function primaryFirst(tdb: TenantDb, courseId: string, tutorIds: string[]) {
  if (tutorIds.length < 2) return tutorIds;
  const rows = await tdb.db
    .select({ userId: courseTutors.userId, type: courseTutors.type })
    .from(courseTutors)
    .where(tdb.where(courseTutors, eq(courseTutors.courseId, courseId), inArray(courseTutors.userId, tutorIds)))
    .all();
  const primary = new Set(rows.filter((r) => r.type === 'PRIMARY').map((r) => r.userId));
  return [...tutorIds].sort((a, b) => Number(primary.has(b)) - Number(primary.has(a)));
}

export async function peopleByIds(tdb: TenantDb, ids: string[]): Promise<MeetingPerson[]> {
  if (!ids.length) return [];
  const rows = await tdb.db
    .select({ _id: users._id, firstname: users.firstname, lastname: users.lastname, avatar: users.avatar })
    .from(users)
    .where(tdb.where(users, inArray(users._id, ids), isNull(users.deletedAt)))
    .all();
  const byId = new Map(rows.map((r) => [r._id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export const waitingRoomStub = (env: Env, tenantId: string, waitingId: string): DurableObjectStub<WaitingRoom> =>
  env.WAITING_ROOM.get(env.WAITING_ROOM.idFromName(`${tenantId}:${waitingId}`));

export function waitingLessonOf(lesson: WaitingLessonAccess, tenantId: string, origin: string): WaitingLesson {
  const { section } = lesson;
  return {
    tenantId,
    sectionId: section._id,
    courseId: section.courseId,
    title: section.title,
    start: section.start!.getTime(),
    duration: section.duration!,
    tutorIds: lesson.tutorIds,
    studentIds: lesson.studentIds,
    origin,
  };
}

/** Whether the lesson is still one people can gather for (not cancelled, not over). */
export function assertOpen(section: LessonSection, closed: boolean) {
  if (section.status === 'CANCELLED') throw new ApiError(409, 'This lesson was cancelled');
  if (section.status === 'COMPLETED' || closed) throw new ApiError(409, 'This lesson has ended');
}

export const fullName = (person: { firstname: string; lastname: string }) => `${person.firstname} ${person.lastname}`.trim();
