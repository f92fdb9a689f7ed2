import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { TutorTypePermissions } from '../contracts/course-templates';
import { users } from './accounts';
import { idColumn, tenantColumn, timestamps } from './columns';
import type { sectionKinds } from './sections';

export const courseKinds = ['One-to-One', 'Group'] as const;
export const courseStatuses = ['ACTIVE', 'DRAFT'] as const;
export const coursePaymentTypes = ['ONETIME', 'SUBSCRIPTION', 'CREDIT'] as const;
export const enrolmentStatuses = ['ENROLLED', 'UNENROLLED'] as const;
export const enrolmentPaymentTypes = ['ONETIME', 'SUBSCRIPTION', 'CREDIT', 'TRIAL'] as const;
export const courseTutorTypes = ['PRIMARY', 'SUBSTITUTE', 'TRIAL'] as const;
export const toggleStatuses = ['ENABLE', 'DISABLE'] as const;
export const durationUnits = ['DAYS', 'WEEKS', 'MONTHS', 'YEARS'] as const;

export const courses = sqliteTable(
  'courses',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind', { enum: courseKinds }).notNull(),
    isOneToOne: integer('is_one_to_one', { mode: 'boolean' }).notNull(),
    status: text('status', { enum: courseStatuses }).notNull().default('DRAFT'),
    paymentType: text('payment_type', { enum: coursePaymentTypes }).notNull(),
    curriculum: text('curriculum').notNull(),
    subject: text('subject').notNull(),
    grade: text('grade').notNull(),
    /** Groups the courses of one group class (spec: groupClassId on course and course tutor). */
    groupClassId: text('group_class_id'),
    permissionTemplateId: text('permission_template_id'),
    pricingTemplateId: text('pricing_template_id'),
    /**
     * The course's own price, overriding its pricing template's: all four are set or none is. Minor units, so
     * money is never a float.
     */
    priceAmount: integer('price_amount'),
    priceCurrency: text('price_currency'),
    priceDuration: integer('price_duration'),
    priceDurationUnit: text('price_duration_unit', { enum: durationUnits }),
    createdBy: text('created_by').notNull(),
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
    ...timestamps(),
  },
  (t) => [index('courses_tenant_status').on(t.tenantId, t.status)],
);

export const courseStudents = sqliteTable(
  'course_students',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses._id),
    userId: text('user_id')
      .notNull()
      .references(() => users._id),
    status: text('status', { enum: enrolmentStatuses }).notNull().default('ENROLLED'),
    paymentType: text('payment_type', { enum: enrolmentPaymentTypes }).notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('course_students_unique').on(t.courseId, t.userId), index('course_students_user').on(t.userId)],
);

export const courseTutors = sqliteTable(
  'course_tutors',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses._id),
    userId: text('user_id')
      .notNull()
      .references(() => users._id),
    type: text('type', { enum: courseTutorTypes }).notNull(),
    status: text('status', { enum: toggleStatuses }).notNull().default('ENABLE'),
    /** The course role (tutor_roles) whose map gates this tutor's section calls. */
    tutorRoleId: text('tutor_role_id').notNull(),
    /**
     * True when an admin chose this tutor's role by hand: it then wins over the course's permission template. Otherwise
     * tutorRoleId is the tenant's default role, used only where the template says nothing for this tutor's type.
     */
    tutorRoleByHand: integer('tutor_role_by_hand', { mode: 'boolean' }).notNull().default(false),
    groupClassId: text('group_class_id'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('course_tutors_unique').on(t.courseId, t.userId), index('course_tutors_user').on(t.userId)],
);

/** A section tree kept as JSON (titles, kinds, order, relative meeting offsets) that a new course is built from. */
export interface TemplateSection {
  kind: (typeof sectionKinds)[number];
  title: string;
  description?: string;
  duration?: number;
  link?: string;
  sections?: TemplateSection[];
}

export const courseTemplates = sqliteTable(
  'course_templates',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    courseId: text('course_id'),
    curriculum: text('curriculum').notNull(),
    subject: text('subject').notNull(),
    grade: text('grade').notNull(),
    kind: text('kind', { enum: courseKinds }).notNull(),
    sections: text('sections', { mode: 'json' }).$type<TemplateSection[]>().notNull(),
    ...timestamps(),
  },
  (t) => [index('course_templates_tenant').on(t.tenantId, t.curriculum, t.subject, t.grade)],
);

/** Read live by the course access rules, so changing a template changes its courses' tutors at once. */
export const coursePermissionTemplates = sqliteTable('course_permission_templates', {
  _id: idColumn(),
  tenantId: tenantColumn(),
  name: text('name').notNull(),
  status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
    .notNull()
    .default('ACTIVE'),
  permissions: text('permissions', { mode: 'json' }).$type<TutorTypePermissions>().notNull(),
  ...timestamps(),
});

export const coursePricingTemplates = sqliteTable('course_pricing_templates', {
  _id: idColumn(),
  tenantId: tenantColumn(),
  name: text('name').notNull(),
  status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
    .notNull()
    .default('ACTIVE'),
  /** In the currency's minor units, so money is never a float. */
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  duration: integer('duration').notNull(),
  durationUnit: text('duration_unit', { enum: durationUnits }).notNull(),
  ...timestamps(),
});
