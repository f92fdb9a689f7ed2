import { z } from 'zod';
import { isTimeZone, listQuery, titleText } from './common';
import { type CoursePrice, type CoursePriceOverride, coursePriceOverride } from './course-price';

/**
 * Course enums as the API speaks them. They mirror schema/tables/courses.ts (the worker checks the two agree at
 * compile time) and live here so the browser bundle does not pull in the table definitions.
 */
export const courseKinds = ['One-to-One', 'Group'] as const;
export const courseStatuses = ['ACTIVE', 'DRAFT'] as const;
export const coursePaymentTypes = ['ONETIME', 'SUBSCRIPTION', 'CREDIT'] as const;
export const enrolmentStatuses = ['ENROLLED', 'UNENROLLED'] as const;
export const enrolmentPaymentTypes = ['ONETIME', 'SUBSCRIPTION', 'CREDIT', 'TRIAL'] as const;
export const courseTutorTypes = ['PRIMARY', 'SUBSTITUTE', 'TRIAL'] as const;
export const toggleStatuses = ['ENABLE', 'DISABLE'] as const;

export type CourseKind = (typeof courseKinds)[number];
export type CourseStatus = (typeof courseStatuses)[number];
export type CoursePaymentType = (typeof coursePaymentTypes)[number];

const required = (max: number) => z.string({ error: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
export const recordId = z.string({ error: 'is required' }).trim().min(1, 'is required').max(64, 'must be at most 64 characters');
const description = z.string().trim().max(2000, 'must be at most 2000 characters');
const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** A real IANA zone name (what Intl.DateTimeFormat accepts), e.g. Europe/London. */
export const timeZone = z.string().trim().max(64).refine(isTimeZone, 'must be an IANA time zone such as Europe/London');

const courseFields = {
  title: titleText,
  description,
  kind: z.enum(courseKinds, { error: 'must be One-to-One or Group' }),
  status: z.enum(courseStatuses, { error: 'must be ACTIVE or DRAFT' }),
  paymentType: z.enum(coursePaymentTypes, { error: 'must be ONETIME, SUBSCRIPTION or CREDIT' }),
  curriculum: required(120),
  subject: required(120),
  grade: required(60),
  permissionTemplateId: recordId.nullable(),
  pricingTemplateId: recordId.nullable(),
  /** The course's own price instead of its pricing template's; null clears it. */
  priceOverride: coursePriceOverride.nullable(),
};

/** POST /api/admin/courses; the "New course" form uses it too. Tutors and students are user ids to attach. */
export const courseInput = z.object({
  ...courseFields,
  description: description.default(''),
  status: courseFields.status.default('DRAFT'),
  permissionTemplateId: courseFields.permissionTemplateId.optional(),
  pricingTemplateId: courseFields.pricingTemplateId.optional(),
  priceOverride: courseFields.priceOverride.optional(),
  tutors: z.array(recordId).max(20, 'at most 20 tutors').default([]),
  students: z.array(recordId).max(200, 'at most 200 students').default([]),
});
export type CourseInput = z.input<typeof courseInput>;

/** PUT /api/admin/courses/{id}: any subset of the course's own fields. */
export const courseUpdate = z.object(courseFields).partial();
export type CourseUpdate = z.input<typeof courseUpdate>;

/** PUT /api/courses/{id}: a course tutor may change only what learners read. */
export const tutorCourseUpdate = z.object({ title: courseFields.title, description }).partial();

export const adminCourseListQuery = listQuery.and(
  z.object({
    curriculum: z.string().trim().max(120).optional(),
    subject: z.string().trim().max(120).optional(),
    grade: z.string().trim().max(60).optional(),
    studentId: recordId.optional(),
    tutorId: recordId.optional(),
    status: z.enum(courseStatuses, { error: 'must be ACTIVE or DRAFT' }).optional(),
    type: z.enum(courseKinds, { error: 'must be One-to-One or Group' }).optional(),
  }),
);

export const courseListQuery = listQuery.and(
  z.object({
    enrolment: z.enum(enrolmentStatuses, { error: 'must be ENROLLED or UNENROLLED' }).optional(),
    deviceTimezone: timeZone.optional(),
    isOneToOne: flag.optional(),
  }),
);

export const courseDetailQuery = z.object({ subSections: flag.optional(), deviceTimezone: timeZone.optional() });

export interface CourseTutorRef {
  _id: string;
  course: string;
  groupClassId: string | null;
  status: (typeof toggleStatuses)[number];
  type: (typeof courseTutorTypes)[number];
  user: CoursePerson;
}

export interface CoursePerson {
  _id: string;
  firstname: string;
  lastname: string;
  email: string;
  avatar: string | null;
}

/** The next lesson's start, as an instant and as wall-clock text in the asked time zone. */
export interface NextLesson {
  _id: string;
  title: string;
  start: string;
  timezone: string;
  localStart: string;
}

export interface Course {
  _id: string;
  title: string;
  description: string;
  kind: CourseKind;
  isOneToOne: boolean;
  status: CourseStatus;
  paymentType: CoursePaymentType;
  curriculum: string;
  subject: string;
  grade: string;
  groupClassId: string | null;
  permissionTemplateId: string | null;
  pricingTemplateId: string | null;
  /** The course's own price, when it overrides its pricing template's. */
  priceOverride: CoursePriceOverride | null;
  /** What the course charges: its override, else its pricing template's price; null when it has neither. */
  price: CoursePrice | null;
  tutors: CourseTutorRef[];
  studentsCount: number;
  createdAt: string;
  updatedAt: string;
  sections?: unknown[];
}

/** A learner's course card: the course plus how they relate to it and the next lesson. */
export interface MyCourse extends Course {
  enrolment: (typeof enrolmentStatuses)[number] | null;
  asTutor: boolean;
  nextLesson: NextLesson | null;
}
