import type { WaitingRoomPresence } from '../../../durable-objects/waiting-room';
import type { WaitingNow } from '../../../schema/contracts/home';
import type { Actor } from '../../env';
import { JOIN_OPENS_BEFORE_MS } from '../lessons/join-window';
import { findLessons } from '../schedule/lessons';
import type { TenantDb } from '../tenant-db';

/** What a lesson's waiting room says about who is there; the route reads it by RPC from the room's Durable Object. */
export type RoomPresence = (lessonId: string) => Promise<WaitingRoomPresence>;

/** No lesson runs longer than this, so an open window cannot belong to a lesson that started earlier. */
const LONGEST_LESSON_MS = 12 * 60 * 60_000;
/** A tutor has a handful of lessons open at once at most; the rooms asked are bounded all the same. */
const MOST_ROOMS = 10;

/**
 * The caller's lessons (as their tutor) whose join window is open now, each with the students in its waiting room;
 * lessons nobody waits for are left out. Only these few rooms are asked, in parallel.
 */
export async function waitingNow(tdb: TenantDb, actor: Actor, input: { now: Date; presence: RoomPresence }): Promise<WaitingNow[]> {
  const at = input.now.getTime();
  const lessons = await findLessons(tdb, {
    tutorId: actor.userId,
    startDate: new Date(at - LONGEST_LESSON_MS),
    endDate: new Date(at + JOIN_OPENS_BEFORE_MS + 1),
  });
  // The window each lesson carries from the one join rule, read at this request's moment.
  const isOpen = (lesson: (typeof lessons)[number]) =>
    lesson.status === 'ACTIVE' && at >= Date.parse(lesson.joinOpensAt) && at < Date.parse(lesson.joinClosesAt);
  const open = lessons.filter(isOpen).slice(0, MOST_ROOMS);
  const rooms = await Promise.all(open.map((lesson) => input.presence(lesson._id)));
  return open.flatMap((lesson, i) => {
    const room = rooms[i]!;
    const students = room.closed ? [] : room.participants.filter((p) => p.kind === 'STUDENT').map((p) => ({ _id: p.userId, name: p.name }));
    if (!students.length) return [];
    return [
      {
        lessonId: lesson._id,
        title: lesson.title,
        course: { _id: lesson.course._id, title: lesson.course.title },
        start: lesson.start,
        joinUrl: lesson.joinUrl,
        students,
      },
    ];
  });
}
