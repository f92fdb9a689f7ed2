import { eq } from 'drizzle-orm';
import { ApiError, fieldError } from '../../../platform/errors';
import type { RateExplanation } from '../../../schema/contracts/pricing';
import { courseStudents, courses, courseTutors, users } from '../../../schema/tables';
import type { Actor } from '../../env';
import type { TenantDb } from '../tenant-db';
import { loadRateBook } from './rate-book';
import { resolveRate } from './resolve';
import { memberSet } from './sets';
import { utcDay } from './wire';

interface LessonQuery {
  tutorId: string;
  studentId: string;
  courseId: string;
  start?: string;
  minutes?: number;
}

const fullName = (u: { firstname: string; lastname: string }) => `${u.firstname} ${u.lastname}`.trim();

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
  const [enrolment, teaching, studentType, courseType] = await Promise.all([
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
    memberSet(tdb, 'STUDENT_TYPE', student._id),
    memberSet(tdb, 'COURSE_TYPE', course._id),
  ]);
  if (!enrolment) throw fieldError('studentId', 'is not enrolled in this course');
  if (!teaching) throw fieldError('tutorId', 'does not teach this course');
  const start = query.start ? new Date(query.start) : new Date();
  const table = course.kind === 'Group' ? 'GROUP_TUTOR' : 'ONE_TO_ONE_TUTOR';
  // The assigned date is when this student and this tutor were both on the course.
  const assigned = enrolment.createdAt > teaching.createdAt ? enrolment.createdAt : teaching.createdAt;
  const answer = resolveRate(await loadRateBook(tdb, table, start), {
    table,
    values: {
      studentId: student._id,
      tutorId: tutor._id,
      studentType: studentType?._id,
      courseType: courseType?._id,
      tutorCountry: tutor.country,
      studentCountry: student.country,
      curriculum: course.curriculum,
      grade: course.grade,
    },
    dates: {
      STUDENT_ASSIGNED_DATE: utcDay(assigned),
      STUDENT_REGISTRATION_DATE: utcDay(student.createdAt),
      TUTOR_REGISTRATION_DATE: utcDay(tutor.createdAt),
    },
    minutes: query.minutes,
    labels: { studentId: fullName(student), tutorId: fullName(tutor), studentType: studentType?.name, courseType: courseType?.name },
  });
  if (!answer.ok) throw new ApiError(422, answer.reason);
  return { amount: answer.amount, currency: answer.currency, rateVersionId: answer.rateVersionId, rateId: answer.rateId, explanation: answer.explanation };
}
