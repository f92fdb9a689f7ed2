import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import {
  comparisonOperators,
  dateBases,
  flexibleDurationUnits,
  inclusionModes,
  planStatuses,
  rateTables,
  subscriptionDurationUnits,
} from '../contracts/pricing-enums';
import { users } from './accounts';
import { idColumn, tenantColumn, timestamps } from './columns';
import { sections } from './sections';

/** Money columns hold integer minor units beside an ISO 4217 code (schema/contracts/money.ts). */
const planColumns = () => ({
  _id: idColumn(),
  tenantId: tenantColumn(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  status: text('status', { enum: planStatuses }).notNull().default('ACTIVE'),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  /** Lesson minutes the plan gives: the whole pack (flexible) or each period (subscription). */
  minutes: integer('minutes').notNull(),
  duration: integer('duration').notNull(),
  inclusionMode: text('inclusion_mode', { enum: inclusionModes }).notNull().default('ALL'),
  /** The groups an INCLUDE plan is offered to, or an EXCLUDE plan is withheld from. */
  groupIds: text('group_ids', { mode: 'json' }).$type<string[]>().notNull().default([]),
  ...timestamps(),
});

/** A pack of lesson minutes valid for a duration. */
export const flexiblePlans = sqliteTable(
  'flexible_plans',
  { ...planColumns(), durationUnit: text('duration_unit', { enum: flexibleDurationUnits }).notNull() },
  (t) => [index('flexible_plans_tenant_status').on(t.tenantId, t.status)],
);

/** Minutes that recur every duration until cancelled. */
export const subscriptionPlans = sqliteTable(
  'subscription_plans',
  { ...planColumns(), durationUnit: text('duration_unit', { enum: subscriptionDurationUnits }).notNull() },
  (t) => [index('subscription_plans_tenant_status').on(t.tenantId, t.status)],
);

/** Named sets of records (groups of students, student types, group course types) that plans and rates refer to. */
const namedColumns = () => ({
  _id: idColumn(),
  tenantId: tenantColumn(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  status: text('status', { enum: planStatuses }).notNull().default('ACTIVE'),
  ...timestamps(),
});

/** Groups of students. Each tenant's Default Group holds every student who is in no other group. */
export const studentGroups = sqliteTable(
  'student_groups',
  { ...namedColumns(), isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false) },
  (t) => [uniqueIndex('student_groups_tenant_name').on(t.tenantId, t.name)],
);

/** The kinds of student a one-to-one tutor rate can name (spec: one-to-one tutor rate student types). */
export const studentTypes = sqliteTable('one_to_one_student_types', namedColumns(), (t) => [uniqueIndex('student_types_tenant_name').on(t.tenantId, t.name)]);

/** The kinds of group course a group tutor rate can name (a small group, a class). */
export const groupCourseTypes = sqliteTable('group_tutor_rate_course_types', namedColumns(), (t) => [
  uniqueIndex('group_course_types_tenant_name').on(t.tenantId, t.name),
]);

/** Who is in what: a student in one group and of one student type, a group course of one course type. */
export const pricingMembers = sqliteTable(
  'pricing_members',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    kind: text('kind', { enum: ['GROUP', 'STUDENT_TYPE', 'COURSE_TYPE'] }).notNull(),
    /** student_groups, one_to_one_student_types or group_tutor_rate_course_types. */
    setId: text('set_id').notNull(),
    /** A student's user id, or a course id for COURSE_TYPE. */
    memberId: text('member_id').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('pricing_members_one_set').on(t.tenantId, t.kind, t.memberId), index('pricing_members_set').on(t.setId)],
);

/** One table of rates: tutor pay per lesson kind, or a student's plan price, chosen by a date basis. */
export const rateVersions = sqliteTable(
  'rate_versions',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    rateTable: text('rate_table', { enum: rateTables }).notNull(),
    name: text('name').notNull(),
    versionNumber: integer('version_number').notNull(),
    status: text('status', { enum: planStatuses }).notNull().default('ACTIVE'),
    dateBasis: text('date_basis', { enum: dateBases }).notNull(),
    operator: text('operator', { enum: comparisonOperators }).notNull(),
    /** YYYY-MM-DD. */
    referenceDate: text('reference_date').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('rate_versions_number').on(t.tenantId, t.rateTable, t.versionNumber)],
);

/** A rate of a version: an amount (per hour, or per plan for student rates) for the lessons its criteria match. */
export const rates = sqliteTable(
  'rates',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    versionId: text('version_id')
      .notNull()
      .references(() => rateVersions._id),
    rateTable: text('rate_table', { enum: rateTables }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    studentId: text('student_id'),
    tutorId: text('tutor_id'),
    studentType: text('student_type_id'),
    courseType: text('course_type_id'),
    tutorCountry: text('tutor_country'),
    studentCountry: text('student_country'),
    country: text('country'),
    curriculum: text('curriculum'),
    grade: text('grade'),
    packageId: text('package_id'),
    ...timestamps(),
  },
  (t) => [index('rates_version').on(t.versionId), index('rates_tenant_table').on(t.tenantId, t.rateTable)],
);

/** Who a recorded lesson price is for: the tutor's pay, or what a student is charged (the lesson ledger's side). */
export const lessonPriceSides = ['TUTOR', 'STUDENT'] as const;

/**
 * The price a lesson was recorded with when it ended, kept apart from the rate so a later change to the rate or its
 * version never changes it. A lesson no rate applied to keeps a row with a null amount and the engine's reason.
 */
export const lessonPrices = sqliteTable(
  'lesson_prices',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    lessonId: text('lesson_id')
      .notNull()
      .references(() => sections._id),
    side: text('side', { enum: lessonPriceSides }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users._id),
    rateTable: text('rate_table', { enum: rateTables }).notNull(),
    rateVersionId: text('rate_version_id').references(() => rateVersions._id),
    rateId: text('rate_id').references(() => rates._id),
    /** Minor units for the lesson's minutes; null when no rate applied. */
    amount: integer('amount'),
    currency: text('currency'),
    minutes: integer('minutes').notNull(),
    /** The engine's explanation of the amount, or its reason for finding no rate. */
    explanation: text('explanation').notNull(),
    pricedAt: integer('priced_at', { mode: 'timestamp_ms' }).notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('lesson_prices_one_per_side').on(t.lessonId, t.side, t.userId),
    index('lesson_prices_version').on(t.tenantId, t.rateVersionId),
    index('lesson_prices_rate').on(t.tenantId, t.rateId),
  ],
);
