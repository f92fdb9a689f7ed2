import { z } from 'zod';
import { commaListOf, isCalendarDay, listQuery, recordId } from './common';
import { currencyCode, minorAmount } from './money';
import {
  comparisonOperators,
  type DateBasis,
  dateBases,
  flexibleDurationUnits,
  groupDateBases,
  inclusionModes,
  oneToOneDateBases,
  planStatuses,
  type RateTable,
  subscriptionDurationUnits,
} from './pricing-enums';

const required = (max: number) => z.string({ error: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
const description = z.string().trim().max(2000, 'must be at most 2000 characters').default('');
const status = z.enum(planStatuses, { error: 'must be ACTIVE or INACTIVE' }).default('ACTIVE');
const ids = (max: number) => z.array(recordId).max(max, `at most ${max} items`).default([]);

/** `statuses` is a comma list, e.g. `ACTIVE,INACTIVE`. */
const statuses = commaListOf(planStatuses);
export const pricingListQuery = listQuery.and(z.object({ statuses }));

const wholeCount = (what: string, max: number) =>
  z
    .number({ error: `must be a whole number of ${what}` })
    .int(`must be a whole number of ${what}`)
    .min(1, 'must be at least 1')
    .max(max, `must be at most ${max}`);

const planFields = {
  name: required(120),
  description,
  status,
  amount: minorAmount,
  currency: currencyCode,
  minutes: wholeCount('minutes', 100_000),
  duration: wholeCount('units', 1000),
  inclusionMode: z.enum(inclusionModes, { error: 'must be ALL, INCLUDE or EXCLUDE' }).default('ALL'),
  groupIds: ids(200),
};

const inclusionNeedsGroups = (plan: { inclusionMode?: string; groupIds?: string[] }, ctx: z.RefinementCtx) => {
  if (plan.inclusionMode && plan.inclusionMode !== 'ALL' && !plan.groupIds?.length) {
    ctx.addIssue({ code: 'custom', path: ['groupIds'], message: 'pick at least one group to include or exclude' });
  }
};

export const flexiblePlanInput = z
  .object({ ...planFields, durationUnit: z.enum(flexibleDurationUnits, { error: 'must be MINUTES, DAYS, WEEKS, MONTHS or YEARS' }) })
  .superRefine(inclusionNeedsGroups);
export const subscriptionPlanInput = z
  .object({ ...planFields, durationUnit: z.enum(subscriptionDurationUnits, { error: 'must be DAYS, WEEKS, MONTHS or YEARS' }) })
  .superRefine(inclusionNeedsGroups);
export type FlexiblePlanInput = z.input<typeof flexiblePlanInput>;
export type SubscriptionPlanInput = z.input<typeof subscriptionPlanInput>;

export interface Plan {
  _id: string;
  name: string;
  description: string;
  status: (typeof planStatuses)[number];
  amount: number;
  currency: string;
  minutes: number;
  duration: number;
  durationUnit: string;
  inclusionMode: (typeof inclusionModes)[number];
  groupIds: string[];
  createdAt: string;
  updatedAt: string;
}

/** A plan as a buyer sees it: its price for them, from the student rates when one applies. */
export interface PricedPlan extends Plan {
  price: { amount: number; currency: string; explanation: string };
}

/** Public plan lists: `userId` asks for another student (an admin, or a parent for their child). */
export const publicPlansQuery = z.object({ userId: recordId.optional() });

/** Groups, student types and group course types: a name and who (or which courses) belong to it. */
export const pricingSetInput = z.object({ name: required(80), description, status, memberIds: ids(5000) });
export type PricingSetInput = z.input<typeof pricingSetInput>;

export interface PricingSet {
  _id: string;
  name: string;
  description: string;
  status: (typeof planStatuses)[number];
  memberIds: string[];
  isDefault?: boolean;
  createdAt: string;
  updatedAt: string;
}

export const DEFAULT_GROUP_NAME = 'Default Group';

const isoDay = z
  .string({ error: 'is required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((day) => !/^\d{4}-\d{2}-\d{2}$/.test(day) || isCalendarDay(day), 'is not a real date');

export const basesOf: Record<RateTable, readonly DateBasis[]> = {
  ONE_TO_ONE_TUTOR: oneToOneDateBases,
  GROUP_TUTOR: groupDateBases,
  STUDENT_FLEXIBLE: oneToOneDateBases,
  STUDENT_SUBSCRIPTION: oneToOneDateBases,
};

export const rateVersionInput = (table: RateTable) =>
  z.object({
    name: required(120),
    status,
    dateBasis: z.enum(dateBases).refine((basis) => basesOf[table].includes(basis), `must be ${basesOf[table].join(' or ')}`),
    operator: z.enum(comparisonOperators, { error: `must be ${comparisonOperators.join(', ')}` }),
    referenceDate: isoDay,
  });
export type RateVersionInput = z.input<ReturnType<typeof rateVersionInput>>;

export interface RateVersion {
  _id: string;
  rateTable: RateTable;
  name: string;
  versionNumber: number;
  status: (typeof planStatuses)[number];
  dateBasis: DateBasis;
  operator: (typeof comparisonOperators)[number];
  referenceDate: string;
  ratesCount: number;
  createdAt: string;
  updatedAt: string;
}

const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as SG');
const optionalText = (max: number) => z.string().trim().min(1).max(max).nullish();

/** Which criteria a rate of each table may set (spec 2 section 3's filters and per-student fields). */
export const criteriaOf: Record<RateTable, readonly string[]> = {
  ONE_TO_ONE_TUTOR: ['studentId', 'tutorId', 'studentType', 'tutorCountry', 'studentCountry', 'curriculum', 'grade'],
  GROUP_TUTOR: ['tutorId', 'courseType', 'tutorCountry', 'studentCountry', 'curriculum', 'grade'],
  STUDENT_FLEXIBLE: ['packageId', 'studentId', 'country', 'curriculum', 'grade'],
  STUDENT_SUBSCRIPTION: ['packageId', 'studentId', 'country', 'curriculum', 'grade'],
};

const criteriaFields = {
  studentId: recordId.nullish(),
  tutorId: recordId.nullish(),
  studentType: recordId.nullish(),
  courseType: recordId.nullish(),
  tutorCountry: countryCode.nullish(),
  studentCountry: countryCode.nullish(),
  country: countryCode.nullish(),
  curriculum: optionalText(120),
  grade: optionalText(60),
  packageId: recordId.nullish(),
};

function criteriaCheck(table: RateTable) {
  return (rate: Partial<Record<keyof typeof criteriaFields, string | null>>, ctx: z.RefinementCtx) => {
    for (const key of Object.keys(criteriaFields) as (keyof typeof criteriaFields)[]) {
      if (rate[key] && !criteriaOf[table].includes(key)) ctx.addIssue({ code: 'custom', path: [key], message: 'does not apply to this kind of rate' });
    }
    if (table.startsWith('STUDENT_') && !rate.packageId) {
      ctx.addIssue({ code: 'custom', path: ['packageId'], message: 'is required: the plan this rate prices' });
    }
  };
}
const rateBody = { amount: minorAmount, currency: currencyCode, ...criteriaFields };

/** A rate: minor units per hour (tutor tables) or per plan (student tables), for the lessons its criteria match. */
export const rateInput = (table: RateTable) => z.object({ versionId: recordId, ...rateBody }).superRefine(criteriaCheck(table));
export type RateInput = z.input<ReturnType<typeof rateInput>>;

/**
 * PUT /api/admin/users/{one-to-one|group}-tutor-rates/{userId}: the rates of one version that name this user (as tutor,
 * or as student for one-to-one rates), replaced as a whole. Each rate is checked as a rate of that table.
 */
export const userRatesInput = (table: RateTable) =>
  z.object({ versionId: recordId, rates: z.array(z.object(rateBody).superRefine(criteriaCheck(table))).max(200, 'at most 200 rates') });

export const rateListQuery = listQuery.and(
  z.object({
    versionId: recordId.optional(),
    tutorCountry: countryCode.optional(),
    studentCountry: countryCode.optional(),
    studentType: recordId.optional(),
    courseType: recordId.optional(),
    packageId: recordId.optional(),
    country: countryCode.optional(),
    curriculum: z.string().trim().max(120).optional(),
    grade: z.string().trim().max(60).optional(),
  }),
);

export interface Rate {
  _id: string;
  versionId: string;
  rateTable: RateTable;
  amount: number;
  currency: string;
  studentId: string | null;
  tutorId: string | null;
  studentType: string | null;
  courseType: string | null;
  tutorCountry: string | null;
  studentCountry: string | null;
  country: string | null;
  curriculum: string | null;
  grade: string | null;
  packageId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/admin/rates/explain: the price check. `start` defaults to now, `minutes` to an hour. */
export const explainQuery = z.object({
  tutorId: recordId,
  studentId: recordId,
  courseId: recordId,
  start: z.iso.datetime({ offset: true, error: 'must be a date and time such as 2026-01-31T09:00:00Z' }).optional(),
  minutes: z.coerce.number().int('must be whole minutes').min(1).max(1440).optional(),
});
export type ExplainQuery = z.input<typeof explainQuery>;

/** GET /api/one-to-one-tutor-rates/student/{studentId}: the tutor is the caller; `tutorId` may name them again. */
export const tutorStudentRateQuery = z.object({
  tutorId: recordId.optional(),
  curriculum: z.string().trim().min(1).max(120).optional(),
  grade: z.string().trim().min(1).max(60).optional(),
});

export interface RateExplanation {
  amount: number;
  currency: string;
  rateVersionId: string;
  rateId: string;
  explanation: string;
}

/** GET /api/admin/lesson-prices: the recorded prices of some lessons, e.g. the ones on a page of the meetings table. */
export const lessonPricesQuery = z.object({
  lessonIds: z
    .string({ error: 'is required' })
    .transform((value) =>
      value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(recordId).min(1, 'must name at least one lesson').max(100, 'can name at most 100 lessons')),
});

/** The price a lesson was recorded with when it ended; `amount` is null when no rate applied, and `explanation` says why. */
export interface LessonPrice {
  _id: string;
  lessonId: string;
  side: 'TUTOR' | 'STUDENT';
  userId: string;
  userName: string;
  rateTable: RateTable;
  rateVersionId: string | null;
  rateId: string | null;
  amount: number | null;
  currency: string | null;
  minutes: number;
  explanation: string;
  pricedAt: string;
}

/** What deleting a record would break: DELETE when nothing depends on it, else only DISABLE (set it INACTIVE). */
export interface VerifyDelete {
  _id: string;
  type: 'DELETE' | 'DISABLE';
  canDelete: boolean;
  message: string;
  dependents: { what: string; count: number }[];
}
