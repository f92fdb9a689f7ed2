import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError, fieldError } from '../../platform/errors';
import { type BookmarkView, type bookmarkInput, numberQuestions, type SessionView, type sessionSaveInput } from '../../schema/contracts/lesson-sessions';
import { bookmarks, courseStudents, courseTutors, lessonSessions } from '../../schema/tables';
import { newId } from '../../schema/tables/columns';
import { closeLessonStatements } from './ledger/close-lesson';
import type { LessonAccess } from './lesson-access';
import type { TenantDb } from './tenant-db';

type Session = typeof lessonSessions.$inferSelect;

export const toSessionView = (row: Session): SessionView => ({
  _id: row._id,
  sectionId: row.sectionId,
  student: row.studentId,
  subTopicId: row.subTopicId,
  questions: numberQuestions(row.questions),
  isMeetingEnded: row.endedAt !== null,
});

export const sessionOfSection = (tdb: TenantDb, sectionId: string) =>
  tdb.db
    .select()
    .from(lessonSessions)
    .where(tdb.where(lessonSessions, eq(lessonSessions.sectionId, sectionId)))
    .get();

type Bookmark = typeof bookmarks.$inferSelect;

export const toBookmarkView = (row: Bookmark): BookmarkView => ({
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

async function requireEnrolled(tdb: TenantDb, courseId: string, studentId: string, path: string) {
  const row = await tdb.db
    .select({ _id: courseStudents._id })
    .from(courseStudents)
    .where(tdb.where(courseStudents, eq(courseStudents.courseId, courseId), eq(courseStudents.userId, studentId), eq(courseStudents.status, 'ENROLLED')))
    .get();
  if (!row) throw fieldError(path, 'must be a student enrolled in this course');
}

/** The statement writing the lesson's one session: inserted the first time, replaced after. */
function sessionWrite(lesson: LessonAccess, existing: Session | undefined, values: Partial<typeof lessonSessions.$inferInsert>) {
  const { tdb } = lesson;
  return existing
    ? tdb.db
        .update(lessonSessions)
        .set(values)
        .where(tdb.where(lessonSessions, eq(lessonSessions._id, existing._id)))
        .returning()
    : tdb.db
        .insert(lessonSessions)
        .values(tdb.values(lessonSessions, { sectionId: lesson.section._id, createdBy: lesson.userId, ...values }))
        .returning();
}

async function writeSession(lesson: LessonAccess, values: Partial<typeof lessonSessions.$inferInsert>) {
  const existing = await sessionOfSection(lesson.tdb, lesson.section._id);
  const row = await sessionWrite(lesson, existing, values).get();
  return { row, created: !existing };
}

/** The tutor sets the lesson's questions (and which student and sub topic they are for). */
export async function saveSession(lesson: LessonAccess, input: z.output<typeof sessionSaveInput>) {
  if (!lesson.leads) throw new ApiError(403, "Only the lesson's tutor can set its questions");
  if (input.studentId) await requireEnrolled(lesson.tdb, lesson.section.courseId, input.studentId, 'studentId');
  const questions = input.questions.map((q) => ({ _id: newId(), pageNo: q.pageNo, text: q.text }));
  return writeSession(lesson, { studentId: input.studentId ?? null, subTopicId: input.subTopicId ?? null, questions });
}

/**
 * Ends the lesson once: a second call keeps the first end time and who ended it. It closes the lesson exactly as the
 * scheduled job does (one code path: completed, priced, one history row per student, in one batch), only earlier.
 * Answers the session and the students whose lesson was closed now (their balances may have moved).
 */
export async function endLesson(lesson: LessonAccess) {
  if (!lesson.leads) throw new ApiError(403, "Only the lesson's tutor can end it");
  const existing = await sessionOfSection(lesson.tdb, lesson.section._id);
  if (existing?.endedAt) return { session: existing, closedFor: [] };
  const now = new Date();
  const { statements, rows } = await closeLessonStatements(lesson.tdb, lesson.section, now, { kind: 'TUTOR', userId: lesson.userId });
  if (statements.length) await lesson.tdb.db.batch(statements as never);
  else await sessionWrite(lesson, existing, { endedAt: now, endedBy: lesson.userId }).get();
  const session = (await sessionOfSection(lesson.tdb, lesson.section._id))!;
  return { session, closedFor: rows.map((row) => row.studentId).filter(Boolean) };
}

/** A bookmark of a board page; a student bookmarks for themselves, a tutor or admin for a student of the course. */
export async function addBookmark(lesson: LessonAccess, input: z.output<typeof bookmarkInput>) {
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
          .where(
            tdb.where(courseTutors, eq(courseTutors.courseId, lesson.section.courseId), eq(courseTutors.type, 'PRIMARY'), eq(courseTutors.status, 'ENABLE')),
          )
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
  return { ...toBookmarkView(row), isMeetingEnded: Boolean(session?.endedAt) };
}
