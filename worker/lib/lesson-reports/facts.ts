import { and, asc, between, eq, isNull, ne } from 'drizzle-orm';
import { lessonDocName } from '../../../schema/contracts/room-names';
import { bookmarks, lessonAttendance, sections } from '../../../schema/tables';
import type { ReportHomework } from '../../../schema/tables/lesson-reports';
import type { Env } from '../../env';
import type { TenantDb } from '../tenant-db';

type SectionRow = typeof sections.$inferSelect;

export interface ReportFacts {
  covered: string[];
  bookmarkedPages: number[];
  boardPages: number;
  minutesInRoom: number;
  homework: ReportHomework[];
}

/** Homework added this long before the start or after the end still counts as set in the lesson. */
const SET_IN_LESSON_GRACE_MS = 15 * 60_000;

const docRoom = (env: Env, tenantId: string, sectionId: string, part: 'board' | 'notes') =>
  env.DOC_ROOM.get(env.DOC_ROOM.idFromName(`${tenantId}:${lessonDocName(sectionId, part)}`));

/**
 * What the rooms hold about a lesson, for one student's report: the notes' headings (what was covered), the board's
 * page count and bookmarked pages, the student's minutes in the room, and the homework added to the course during the
 * lesson (give or take a quarter of an hour). Nothing here is typed by anyone; the tutor edits the draft afterwards.
 */
export async function reportFacts(tdb: TenantDb, env: Env, lesson: SectionRow, studentId: string): Promise<ReportFacts> {
  const end = lesson.start!.getTime() + (lesson.duration ?? 0) * 60_000;
  const [notes, board, marks, seen, homework] = await Promise.all([
    docRoom(env, tdb.tenantId, lesson._id, 'notes').outline(),
    docRoom(env, tdb.tenantId, lesson._id, 'board').outline(),
    tdb.db
      .select({ pageNo: bookmarks.pageNo })
      .from(bookmarks)
      .where(tdb.where(bookmarks, eq(bookmarks.sectionId, lesson._id)))
      .orderBy(asc(bookmarks.pageNo))
      .all(),
    tdb.db
      .select({ seconds: lessonAttendance.secondsInRoom })
      .from(lessonAttendance)
      .where(tdb.where(lessonAttendance, eq(lessonAttendance.sectionId, lesson._id), eq(lessonAttendance.userId, studentId)))
      .get(),
    tdb.db
      .select({ title: sections.title, dueAt: sections.dueAt })
      .from(sections)
      .where(
        tdb.where(
          sections,
          and(
            eq(sections.courseId, lesson.courseId),
            eq(sections.kind, 'HOMEWORK'),
            ne(sections.status, 'CANCELLED'),
            isNull(sections.deletedAt),
            between(sections.createdAt, new Date(lesson.start!.getTime() - SET_IN_LESSON_GRACE_MS), new Date(end + SET_IN_LESSON_GRACE_MS)),
          ),
        ),
      )
      .orderBy(asc(sections.createdAt))
      .limit(20)
      .all(),
  ]);
  return {
    covered: notes.headings,
    bookmarkedPages: [...new Set(marks.map((m) => m.pageNo))],
    boardPages: board.pages,
    minutesInRoom: Math.round((seen?.seconds ?? 0) / 60),
    homework: homework.map((h) => ({ title: h.title, dueAt: h.dueAt ? h.dueAt.toISOString() : null })),
  };
}
