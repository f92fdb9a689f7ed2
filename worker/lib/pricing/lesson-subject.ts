import type { RateTable } from '../../../schema/contracts/pricing-enums';
import type { courses, users } from '../../../schema/tables';
import type { TenantDb } from '../tenant-db';
import type { PricingSubject } from './resolve';
import { memberSet } from './sets';
import { utcDay } from './wire';

type UserRow = typeof users.$inferSelect;
type CourseRow = typeof courses.$inferSelect;

export const fullName = (u: { firstname: string; lastname: string }) => `${u.firstname} ${u.lastname}`.trim();

export const tutorTableOf = (course: Pick<CourseRow, 'kind'>): RateTable => (course.kind === 'Group' ? 'GROUP_TUTOR' : 'ONE_TO_ONE_TUTOR');

/**
 * What the engine needs to price a lesson of this tutor and course: the price check and a lesson's recorded price
 * build it here, so both answer alike. Without a student (a group lesson's pay) no student criterion or date is set.
 */
export async function lessonSubject(
  tdb: TenantDb,
  lesson: { tutor: UserRow; course: CourseRow; student?: UserRow; assigned?: Date; minutes?: number },
): Promise<PricingSubject> {
  const { tutor, course, student } = lesson;
  const [studentType, courseType] = await Promise.all([
    student ? memberSet(tdb, 'STUDENT_TYPE', student._id) : undefined,
    memberSet(tdb, 'COURSE_TYPE', course._id),
  ]);
  return {
    table: tutorTableOf(course),
    values: {
      studentId: student?._id,
      tutorId: tutor._id,
      studentType: studentType?._id,
      courseType: courseType?._id,
      tutorCountry: tutor.country,
      studentCountry: student?.country,
      curriculum: course.curriculum,
      grade: course.grade,
    },
    dates: {
      STUDENT_ASSIGNED_DATE: lesson.assigned ? utcDay(lesson.assigned) : undefined,
      STUDENT_REGISTRATION_DATE: student ? utcDay(student.createdAt) : undefined,
      TUTOR_REGISTRATION_DATE: utcDay(tutor.createdAt),
    },
    minutes: lesson.minutes,
    labels: { studentId: student && fullName(student), tutorId: fullName(tutor), studentType: studentType?.name, courseType: courseType?.name },
  };
}

/** The later of the student's enrolment and the tutor's course-tutor row: when both were on the course. */
export const assignedDate = (enrolment: { createdAt: Date }, teaching: { createdAt: Date }) =>
  enrolment.createdAt > teaching.createdAt ? enrolment.createdAt : teaching.createdAt;
