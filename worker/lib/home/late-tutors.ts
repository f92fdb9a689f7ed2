import { asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { LateTutor } from '../../../schema/contracts/home';
import { hasTenantPermission, type PermissionMap } from '../../../schema/contracts/permissions';
import { LATE_THRESHOLD_MS } from '../../../schema/contracts/waiting-room';
import { courseTutors, lessonSessions, users } from '../../../schema/tables';
import type { Actor } from '../../env';
import { adminPermissions } from '../admin-permissions';
import { JOIN_OPENS_BEFORE_MS } from '../lessons/join-window';
import { findLessons } from '../schedule/lessons';
import type { TenantDb } from '../tenant-db';
import type { RoomPresence } from './waiting-now';

/** No lesson runs longer than this, so a lesson under way started within it. */
const LONGEST_LESSON_MS = 12 * 60 * 60_000;
/** The rooms asked at once are bounded; a tenant with more lessons under way reads the rest on Admin → Meetings. */
const MOST_ROOMS = 25;

const fullName = (person: { firstname: string; lastname: string }) => `${person.firstname} ${person.lastname}`.trim();

/** The primary tutor (else any enabled tutor) of each course, for lessons that name no tutor of their own. */
async function courseTutorNames(tdb: TenantDb, courseIds: string[]) {
  if (!courseIds.length) return new Map<string, { _id: string; name: string }>();
  const rows = await tdb.db
    .select({ courseId: courseTutors.courseId, _id: users._id, firstname: users.firstname, lastname: users.lastname })
    .from(courseTutors)
    .innerJoin(users, eq(users._id, courseTutors.userId))
    .where(tdb.where(courseTutors, inArray(courseTutors.courseId, courseIds), eq(courseTutors.status, 'ENABLE')))
    .orderBy(desc(eq(courseTutors.type, 'PRIMARY')), asc(users.firstname))
    .all();
  const byCourse = new Map<string, { _id: string; name: string }>();
  for (const row of rows) if (!byCourse.has(row.courseId)) byCourse.set(row.courseId, { _id: row._id, name: fullName(row) });
  return byCourse;
}

/**
 * For an admin who may see the tenant's courses: the lessons under way whose tutor has not arrived, the most late
 * first. Late is the spec's rule the waiting room's alert uses (one minute after the start); a lesson the tutor
 * ended, or one cancelled or completed, is never late. Arrival is what the lesson's waiting room recorded: the tutor
 * registering there, starting the lesson or reaching the lesson room. A room nobody reached has no tutor in it.
 */
export async function lateTutors(
  tdb: TenantDb,
  actor: Actor,
  input: { now: Date; presence: RoomPresence; tenantPermissions: PermissionMap },
): Promise<LateTutor[]> {
  if (actor.role !== 'ADMIN' || actor.actingUserId !== actor.userId) return [];
  const granted = await adminPermissions(tdb.db, tdb.tenantId, actor.userId);
  if (!hasTenantPermission(granted, input.tenantPermissions, { adminCourse: ['view'] })) return [];
  const at = input.now.getTime();
  const started = await findLessons(tdb, { startDate: new Date(at - LONGEST_LESSON_MS), endDate: new Date(at - LATE_THRESHOLD_MS + 1) });
  const underWay = started.filter((lesson) => lesson.status === 'ACTIVE' && Date.parse(lesson.end) > at).slice(0, MOST_ROOMS);
  if (!underWay.length) return [];
  const ended = await tdb.db
    .select({ sectionId: lessonSessions.sectionId })
    .from(lessonSessions)
    .where(
      tdb.where(
        lessonSessions,
        inArray(
          lessonSessions.sectionId,
          underWay.map((l) => l._id),
        ),
        isNotNull(lessonSessions.endedAt),
      ),
    )
    .all();
  const endedIds = new Set(ended.map((row) => row.sectionId));
  const open = underWay.filter((lesson) => !endedIds.has(lesson._id));
  const rooms = await Promise.all(open.map((lesson) => input.presence(lesson._id)));
  // An arrival before this lesson's window belongs to an earlier time the lesson was set for.
  const late = open.filter((lesson, i) => {
    const room = rooms[i]!;
    return !room.closed && (room.tutorJoinedAt === null || room.tutorJoinedAt < Date.parse(lesson.start) - JOIN_OPENS_BEFORE_MS);
  });
  const byCourse = await courseTutorNames(tdb, [...new Set(late.map((l) => l.course._id))]);
  return late.map((lesson) => {
    const own = lesson.attendees.find((person) => person.kind === 'TUTOR');
    return {
      lessonId: lesson._id,
      title: lesson.title,
      course: { _id: lesson.course._id, title: lesson.course.title },
      start: lesson.start,
      tutor: own ? { _id: own._id, name: fullName(own) } : (byCourse.get(lesson.course._id) ?? null),
      minutesLate: Math.floor((at - Date.parse(lesson.start)) / 60_000),
    };
  });
}
