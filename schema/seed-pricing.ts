import type { DrizzleD1Database } from 'drizzle-orm/d1';
import { flexiblePlans, groupCourseTypes, premiumOffers, pricingMembers, rates, rateVersions, studentGroups, studentTypes, subscriptionPlans } from './tables';

/**
 * The pricing demo of the main tenant: two plan families (packs of hours and monthly subscriptions), a scholarship
 * group, tutor rate versions whose date basis changed at the start of 2025 (registration before, assignment after),
 * per-student overrides for Sam and Maya, pack prices for Malaysia and for IGCSE Grade 10, and a year of premium learning. Fixed ids keep a second run a no-op.
 */

const TENANT = 'tenant_studyhall';
const THEO = 'user_tutor';
const SAM = 'user_student';
const MAYA = 'user_student2';
const PHYSICS_GROUP = 'course_igcse_physics_group';
const t = { tenantId: TENANT };
/** The demo's rate versions predate its lessons, as real ones would: a lesson is priced with the versions made before it started. */
const VERSIONS_MADE = new Date(Date.UTC(2024, 11, 1));

export const SEED_PRICING_IDS = {
  scholarship: 'group_scholarship',
  defaultGroup: 'group_default_studyhall',
  examYear: 'student_type_exam_year',
  smallGroup: 'course_type_small_group',
  legacy: 'rate_version_one_to_one_legacy',
  current: 'rate_version_one_to_one_2025',
  group: 'rate_version_group_2020',
  packs: 'rate_version_student_flexible_2024',
} as const;
const ids = SEED_PRICING_IDS;

const pack = (key: string, name: string, hours: number, amount: number, months: number) => ({
  _id: `flexible_plan_${key}`,
  ...t,
  name,
  description: `${hours} hours of lessons to use within ${months} months.`,
  amount,
  currency: 'SGD',
  minutes: hours * 60,
  duration: months,
  durationUnit: 'MONTHS' as const,
});
const flexibleRows = [
  pack('starter', 'Starter pack, 5 hours', 5, 30000, 2),
  pack('standard', 'Standard pack, 10 hours', 10, 55000, 3),
  pack('intensive', 'Exam intensive, 20 hours', 20, 100000, 3),
  { ...pack('scholarship', 'Scholarship pack, 10 hours', 10, 30000, 6), inclusionMode: 'INCLUDE' as const, groupIds: [ids.scholarship] },
];
const monthly = (key: string, name: string, lessons: number, amount: number) => ({
  _id: `subscription_plan_${key}`,
  ...t,
  name,
  description: `${lessons} one-hour lessons every month.`,
  amount,
  currency: 'SGD',
  minutes: lessons * 60,
  duration: 1,
  durationUnit: 'MONTHS' as const,
});
const subscriptionRows = [monthly('four', 'Monthly, 4 lessons', 4, 24000), monthly('eight', 'Monthly, 8 lessons', 8, 44000)];

const version = (
  _id: string,
  rateTable: typeof rateVersions.$inferInsert.rateTable,
  versionNumber: number,
  name: string,
  basis: typeof rateVersions.$inferInsert.dateBasis,
  operator: typeof rateVersions.$inferInsert.operator,
  referenceDate: string,
) => ({
  _id,
  ...t,
  rateTable,
  versionNumber,
  createdAt: VERSIONS_MADE,
  name,
  dateBasis: basis,
  operator,
  referenceDate,
});
const versionRows = [
  version(ids.legacy, 'ONE_TO_ONE_TUTOR', 1, 'Students who joined before 2025', 'STUDENT_REGISTRATION_DATE', 'LESS_THAN', '2025-01-01'),
  version(ids.current, 'ONE_TO_ONE_TUTOR', 2, 'Assignments from 2025', 'STUDENT_ASSIGNED_DATE', 'GREATER_THAN_OR_EQUAL', '2025-01-01'),
  version(ids.group, 'GROUP_TUTOR', 1, 'Group classes', 'TUTOR_REGISTRATION_DATE', 'GREATER_THAN_OR_EQUAL', '2020-01-01'),
  version(ids.packs, 'STUDENT_FLEXIBLE', 1, 'Pack prices from 2024', 'STUDENT_REGISTRATION_DATE', 'GREATER_THAN_OR_EQUAL', '2024-01-01'),
];

const rate = (
  _id: string,
  versionId: string,
  rateTable: typeof rates.$inferInsert.rateTable,
  amount: number,
  currency: string,
  match: Partial<typeof rates.$inferInsert> = {},
) => ({
  _id,
  ...t,
  versionId,
  rateTable,
  amount,
  currency,
  ...match,
});
const rateRows = [
  rate('rate_legacy_default', ids.legacy, 'ONE_TO_ONE_TUTOR', 2500, 'SGD'),
  rate('rate_legacy_sg', ids.legacy, 'ONE_TO_ONE_TUTOR', 2800, 'SGD', { tutorCountry: 'SG' }),
  rate('rate_2025_default', ids.current, 'ONE_TO_ONE_TUTOR', 3000, 'SGD'),
  rate('rate_2025_sg_my', ids.current, 'ONE_TO_ONE_TUTOR', 3200, 'SGD', { tutorCountry: 'SG', studentCountry: 'MY' }),
  rate('rate_2025_exam_year', ids.current, 'ONE_TO_ONE_TUTOR', 3600, 'SGD', { studentType: ids.examYear }),
  rate('rate_2025_sam', ids.current, 'ONE_TO_ONE_TUTOR', 4000, 'SGD', { studentId: SAM, tutorId: THEO }),
  rate('rate_group_default', ids.group, 'GROUP_TUTOR', 1500, 'SGD'),
  rate('rate_group_small', ids.group, 'GROUP_TUTOR', 1800, 'SGD', { courseType: ids.smallGroup }),
  rate('rate_group_small_my', ids.group, 'GROUP_TUTOR', 2000, 'SGD', { courseType: ids.smallGroup, tutorCountry: 'MY' }),
  rate('rate_packs_standard_my', ids.packs, 'STUDENT_FLEXIBLE', 160000, 'MYR', { packageId: 'flexible_plan_standard', country: 'MY' }),
  rate('rate_packs_standard_igcse10', ids.packs, 'STUDENT_FLEXIBLE', 52000, 'SGD', {
    packageId: 'flexible_plan_standard',
    curriculum: 'Cambridge IGCSE',
    grade: 'Grade 10',
  }),
  rate('rate_packs_standard_maya', ids.packs, 'STUDENT_FLEXIBLE', 50000, 'SGD', { packageId: 'flexible_plan_standard', studentId: MAYA }),
];

export async function seedPricing<S extends Record<string, unknown>>(db: DrizzleD1Database<S>) {
  const named = { ...t, status: 'ACTIVE' as const };
  await db.batch([
    db
      .insert(studentGroups)
      .values({ _id: ids.defaultGroup, ...named, name: 'Default Group', description: 'Every student who is in no other group.', isDefault: true })
      .onConflictDoNothing(),
    db
      .insert(studentGroups)
      .values({ _id: ids.scholarship, ...named, name: 'Scholarship', description: 'Students on a bursary.' })
      .onConflictDoNothing(),
    db
      .insert(studentTypes)
      .values({ _id: ids.examYear, ...named, name: 'Exam year', description: 'Students sitting their exams this year.' })
      .onConflictDoNothing(),
    db
      .insert(groupCourseTypes)
      .values({ _id: ids.smallGroup, ...named, name: 'Small Group', description: 'Up to six students.' })
      .onConflictDoNothing(),
    db
      .insert(pricingMembers)
      .values({ _id: 'member_scholarship_maya', ...t, kind: 'GROUP', setId: ids.scholarship, memberId: MAYA })
      .onConflictDoNothing(),
    db
      .insert(pricingMembers)
      .values({ _id: 'member_exam_year_sam', ...t, kind: 'STUDENT_TYPE', setId: ids.examYear, memberId: SAM })
      .onConflictDoNothing(),
    db
      .insert(pricingMembers)
      .values({ _id: 'member_small_group_physics', ...t, kind: 'COURSE_TYPE', setId: ids.smallGroup, memberId: PHYSICS_GROUP })
      .onConflictDoNothing(),
    db
      .insert(premiumOffers)
      .values({
        _id: 'premium_offer_studyhall',
        ...t,
        name: 'Premium learning',
        description: 'Unlimited quizzes, slides and videos between lessons.',
        amount: 9900,
        currency: 'SGD',
        months: 12,
      })
      .onConflictDoNothing(),
    ...flexibleRows.map((row) => db.insert(flexiblePlans).values(row).onConflictDoNothing()),
    ...subscriptionRows.map((row) => db.insert(subscriptionPlans).values(row).onConflictDoNothing()),
    ...versionRows.map((row) => db.insert(rateVersions).values(row).onConflictDoNothing()),
    ...rateRows.map((row) => db.insert(rates).values(row).onConflictDoNothing()),
  ]);
}
