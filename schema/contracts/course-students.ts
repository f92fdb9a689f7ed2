import { z } from 'zod';
import { listQuery } from './common';
import { type CoursePerson, courseTutorTypes, enrolmentPaymentTypes, enrolmentStatuses, recordId, toggleStatuses } from './courses';

export const courseStudentListQuery = listQuery.and(
  z.object({ course: recordId.optional(), status: z.enum(enrolmentStatuses, { error: 'must be ENROLLED or UNENROLLED' }).optional() }),
);

const enrolmentStatus = z.enum(enrolmentStatuses, { error: 'must be ENROLLED or UNENROLLED' });
const enrolmentPaymentType = z.enum(enrolmentPaymentTypes, { error: 'must be ONETIME, SUBSCRIPTION, CREDIT or TRIAL' });

/** POST /api/admin/course-students. */
export const courseStudentInput = z.object({
  course: recordId,
  user: recordId,
  status: enrolmentStatus.default('ENROLLED'),
  paymentType: enrolmentPaymentType,
});
export type CourseStudentInput = z.input<typeof courseStudentInput>;

/** PUT /api/admin/course-students/{id}: what is left out stays as it is (no default status that would re-enrol). */
export const courseStudentUpdate = z.object({ status: enrolmentStatus, paymentType: enrolmentPaymentType }).partial();

export const courseTutorListQuery = listQuery.and(
  z.object({ course: recordId.optional(), status: z.enum(toggleStatuses, { error: 'must be ENABLE or DISABLE' }).optional() }),
);

/** POST /api/admin/course-tutors; tutorRoleId defaults to the tenant's default course role. */
export const courseTutorInput = z.object({
  course: recordId,
  user: recordId,
  type: z.enum(courseTutorTypes, { error: 'must be PRIMARY, SUBSTITUTE or TRIAL' }),
  tutorRoleId: recordId.optional(),
  groupClassId: recordId.nullable().optional(),
});
export type CourseTutorInput = z.input<typeof courseTutorInput>;

/**
 * PUT /api/admin/course-tutors/{id}. The toggle rule: status ENABLE adds or updates the tutor on the course, any
 * other status takes them off it (kept as DISABLE so the history stays).
 */
export const courseTutorUpdate = z.object({
  status: z.string().trim().min(1, 'is required').max(20).optional(),
  type: z.enum(courseTutorTypes, { error: 'must be PRIMARY, SUBSTITUTE or TRIAL' }).optional(),
  /** A role set here wins over the course's permission template; null gives the tutor back to the template. */
  tutorRoleId: recordId.nullable().optional(),
});

export const courseIdQuery = z.object({ course: recordId });
export const tutorVerifyQuery = z.object({ type: z.enum(['DELETE', 'DISABLE'], { error: 'must be DELETE or DISABLE' }).default('DELETE') });

export interface CourseStudent {
  _id: string;
  course: string;
  courseTitle: string;
  user: CoursePerson;
  status: (typeof enrolmentStatuses)[number];
  paymentType: (typeof enrolmentPaymentTypes)[number];
  createdAt: string;
  updatedAt: string;
}

export interface CourseTutor {
  _id: string;
  course: string;
  courseTitle: string;
  user: CoursePerson;
  type: (typeof courseTutorTypes)[number];
  status: (typeof toggleStatuses)[number];
  tutorRoleId: string;
  groupClassId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface EnrolmentVerifyDelete {
  canDelete: boolean;
  upcomingLessons: number;
  message: string;
}
