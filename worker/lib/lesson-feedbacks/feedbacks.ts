import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ApiError } from '../../../platform/errors';
import type { ListQuery } from '../../../schema/contracts/common';
import {
  type FeedbackAuthor,
  type FeedbackListQuery,
  type LessonFeedback,
  rewardOf,
  type StudentFeedbackInput,
  type studentFeedbackFields,
  type TutorFeedbackInput,
  type tutorFeedbackFields,
} from '../../../schema/contracts/lesson-feedbacks';
import { lessonFeedbacks, userMappers } from '../../../schema/tables';
import type { Actor } from '../../env';
import { peopleById, personOf } from '../homework/views';
import { listPage } from '../pagination';
import type { TenantDb } from '../tenant-db';
import { assertLessonStudent, feedbackLesson, lessonTutor, sectionsById } from './lessons';

type FeedbackRow = typeof lessonFeedbacks.$inferSelect;
type Page = Pick<ListQuery, 'limit' | 'offset'>;

const feedbackNotFound = () => new ApiError(404, 'Feedback not found');

async function viewsOf(tdb: TenantDb, rows: FeedbackRow[]): Promise<LessonFeedback[]> {
  const [people, lessons] = await Promise.all([
    peopleById(
      tdb,
      rows.flatMap((r) => [r.tutorId, r.studentId]),
    ),
    sectionsById(
      tdb,
      rows.map((r) => r.sectionId),
    ),
  ]);
  return rows.map((row) => {
    const lesson = lessons.get(row.sectionId);
    return {
      _id: row._id,
      section: row.sectionId,
      course: row.courseId,
      author: row.author,
      lesson: { _id: row.sectionId, title: lesson?.title ?? '', start: lesson?.start ? lesson.start.toISOString() : null },
      tutor: personOf(people, row.tutorId),
      student: personOf(people, row.studentId),
      stars: row.stars,
      rewards: row.rewards.flatMap((key) => {
        const reward = rewardOf(key);
        return reward ? [{ key: reward.key, label: reward.label, emoji: reward.emoji }] : [];
      }),
      comment: row.comment,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

const oneView = async (tdb: TenantDb, row: FeedbackRow) => (await viewsOf(tdb, [row]))[0]!;

const alreadyGiven = () => new ApiError(409, 'You already left feedback on this lesson: change it instead.');

async function insertOnce(tdb: TenantDb, values: Omit<typeof lessonFeedbacks.$inferInsert, 'tenantId'>) {
  const row = await tdb.db.insert(lessonFeedbacks).values(tdb.values(lessonFeedbacks, values)).onConflictDoNothing().returning().get();
  if (!row) throw alreadyGiven();
  return oneView(tdb, row);
}

/** `POST /lesson-tutor-feedbacks`: the lesson's tutor gives one of its students stars, rewards and a comment. */
export async function giveTutorFeedback(tdb: TenantDb, actor: Actor, input: Required<TutorFeedbackInput>) {
  const { lesson, people } = await feedbackLesson(tdb, input.section, actor.userId, 'tutors');
  assertLessonStudent(people, input.student);
  return insertOnce(tdb, {
    sectionId: lesson._id,
    courseId: lesson.courseId,
    author: 'TUTOR',
    tutorId: actor.userId,
    studentId: input.student,
    stars: input.stars,
    rewards: input.rewards,
    comment: input.comment,
  });
}

/** `POST /lesson-student-feedbacks`: a student of the lesson rates it for its tutor. */
export async function giveStudentFeedback(tdb: TenantDb, actor: Actor, input: StudentFeedbackInput & { stars: number; comment: string }) {
  const { lesson, people } = await feedbackLesson(tdb, input.section, actor.actingUserId, 'students');
  return insertOnce(tdb, {
    sectionId: lesson._id,
    courseId: lesson.courseId,
    author: 'STUDENT',
    tutorId: lessonTutor(people, input.tutor),
    studentId: actor.actingUserId,
    stars: input.stars,
    rewards: [],
    comment: input.comment,
  });
}

/** The author's own feedback, before the body is read: anyone else's answers 404. */
export async function ownFeedback(tdb: TenantDb, actor: Actor, id: string, author: FeedbackAuthor) {
  const row = await tdb.db
    .select()
    .from(lessonFeedbacks)
    .where(tdb.where(lessonFeedbacks, eq(lessonFeedbacks._id, id), eq(lessonFeedbacks.author, author)))
    .get();
  const mine = author === 'TUTOR' ? row?.tutorId === actor.userId && actor.role === 'TUTOR' : row?.studentId === actor.actingUserId && actor.role === 'STUDENT';
  if (!row || !mine) throw feedbackNotFound();
  return row;
}

/** `PUT /lesson-tutor-feedbacks/{id}` and `PUT /lesson-student-feedbacks/{id}`: the author changes what they wrote. */
export async function updateFeedback(
  tdb: TenantDb,
  actor: Actor,
  id: string,
  author: FeedbackAuthor,
  input: z.output<typeof tutorFeedbackFields> | z.output<typeof studentFeedbackFields>,
) {
  const row = await ownFeedback(tdb, actor, id, author);
  const updated = await tdb.db
    .update(lessonFeedbacks)
    .set({ stars: input.stars, comment: input.comment, ...('rewards' in input ? { rewards: input.rewards } : {}) })
    .where(tdb.where(lessonFeedbacks, eq(lessonFeedbacks._id, row._id)))
    .returning()
    .get();
  if (!updated) throw feedbackNotFound();
  return oneView(tdb, updated);
}

/**
 * Whose feedback the caller reads: a tutor what they wrote and what their students wrote to them; a student what is
 * to or from them; a parent acting for a child that child's, or else every linked child's. Others read none here.
 */
function readerScope(tdb: TenantDb, actor: Actor): SQL {
  if (actor.role === 'TUTOR') return eq(lessonFeedbacks.tutorId, actor.userId);
  if (actor.role === 'STUDENT' || (actor.role === 'PARENT' && actor.actingUserId !== actor.userId)) return eq(lessonFeedbacks.studentId, actor.actingUserId);
  if (actor.role === 'PARENT')
    return sql`${lessonFeedbacks.studentId} in (select ${userMappers.studentId} from ${userMappers} where ${tdb.where(userMappers, eq(userMappers.parentId, actor.userId))})`;
  throw new ApiError(403, 'Lesson feedback is read here by tutors, students and parents.');
}

function filters(query: Omit<FeedbackListQuery, 'limit' | 'offset'>) {
  return [
    query.section ? eq(lessonFeedbacks.sectionId, query.section) : undefined,
    query.course ? eq(lessonFeedbacks.courseId, query.course) : undefined,
    query.tutorId ? eq(lessonFeedbacks.tutorId, query.tutorId) : undefined,
    query.studentId ? eq(lessonFeedbacks.studentId, query.studentId) : undefined,
  ];
}

function pageOf(tdb: TenantDb, where: SQL, query: Page) {
  return listPage(tdb.db, lessonFeedbacks, where, query, async (page) =>
    viewsOf(
      tdb,
      await tdb.db
        .select()
        .from(lessonFeedbacks)
        .where(where)
        .orderBy(desc(lessonFeedbacks.createdAt), desc(lessonFeedbacks._id))
        .limit(page.limit)
        .offset(page.offset)
        .all(),
    ),
  );
}

/** `GET /lesson-tutor-feedbacks` and `GET /lesson-student-feedbacks`: the caller's, by lesson, course, tutor and student. */
export function feedbackPage(tdb: TenantDb, actor: Actor, author: FeedbackAuthor, query: FeedbackListQuery) {
  return pageOf(tdb, tdb.where(lessonFeedbacks, eq(lessonFeedbacks.author, author), readerScope(tdb, actor), ...filters(query)), query);
}

/** `GET /admin/lesson-…-feedbacks`: every feedback of the tenant, filtered. */
export function adminFeedbackPage(tdb: TenantDb, author: FeedbackAuthor, query: FeedbackListQuery) {
  return pageOf(tdb, tdb.where(lessonFeedbacks, eq(lessonFeedbacks.author, author), ...filters(query)), query);
}

/** `DELETE /admin/lesson-…-feedbacks/{id}` */
export async function deleteFeedback(tdb: TenantDb, author: FeedbackAuthor, id: string) {
  const gone = await tdb.db
    .delete(lessonFeedbacks)
    .where(tdb.where(lessonFeedbacks, eq(lessonFeedbacks._id, id), eq(lessonFeedbacks.author, author)))
    .returning({ _id: lessonFeedbacks._id })
    .get();
  if (!gone) throw feedbackNotFound();
  return gone;
}
