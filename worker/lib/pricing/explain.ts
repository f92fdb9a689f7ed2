import { eq } from 'drizzle-orm';
import { ApiError, fieldError } from '../../../platform/errors';
import type { RateExplanation } from '../../../schema/contracts/pricing';
import { courseStudents, courses, courseTutors, users } from '../../../schema/tables';
import type { Actor } from '../../env';
import type { TenantDb } from '../tenant-db';
import { assignedDate, lessonSubject } from './lesson-subject';
import { loadRateBook } from './rate-book';
import { resolveRate } from './resolve';

interface LessonQuery {
  tutorId: string;
  studentId: string;
  courseId: string;
  start?: string;
  minutes?: number;
}

/**
 * The price check: what a lesson of this tutor, student and course starting at `start` pays the tutor, and why.
 * Versions made after `start` are left out, so checking a past lesson shows the rates it was priced with.
 */
export async function explainLesson(tdb: TenantDb, _actor: Actor, query: LessonQuery): Promise<RateExplanation> {
  const userById = (id: string) =>
    tdb.db
      .select()
      .from(users)
      .where(tdb.where(users, eq(users._id, id)))
      .get();
  const [tutor, student, course] = await Promise.all([
    userById(query.tutorId),
    userById(query.studentId),
    tdb.db
      .select()
      .from(courses)
      .where(tdb.where(courses, eq(courses._id, query.courseId)))
      .get(),
  ]);
  if (tutor?.role !== 'TUTOR') throw new ApiError(404, 'Tutor not found');
  if (student?.role !== 'STUDENT') throw new ApiError(404, 'Student not found');
  if (!course || course.deletedAt) throw new ApiError(404, 'Course not found');
  const [enrolment, teaching] = await Promise.all([
    tdb.db
      .select()
      .from(courseStudents)
      .where(tdb.where(courseStudents, eq(courseStudents.courseId, course._id), eq(courseStudents.userId, student._id)))
      .get(),
    tdb.db
      .select()
      .from(courseTutors)
      .where(tdb.where(courseTutors, eq(courseTutors.courseId, course._id), eq(courseTutors.userId, tutor._id)))
      .get(),
  ]);
  if (!enrolment) throw fieldError('studentId', 'is not enrolled in this course');
  if (!teaching) throw fieldError('tutorId', 'does not teach this course');
  const start = query.start ? new Date(query.start) : new Date();
  const subject = await lessonSubject(tdb, { tutor, student, course, assigned: assignedDate(enrolment, teaching), minutes: query.minutes });
  const answer = resolveRate(await loadRateBook(tdb, subject.table, start), subject);
  if (!answer.ok) throw new ApiError(422, answer.reason);
  return { amount: answer.amount, currency: answer.currency, rateVersionId: answer.rateVersionId, rateId: answer.rateId, explanation: answer.explanation };
}
