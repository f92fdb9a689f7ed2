import { z } from 'zod';
import { listQuery, recordId } from './common';
import {
  type AdminNoteView,
  adjustmentTypeValues,
  appealStatusValues,
  checkDateRange,
  dateRange,
  type LedgerPerson,
  MAX_BULK_IDS,
  positiveMinorAmount,
  type TutorPaymentStatus,
  tutorPaymentStatusValues,
} from './lesson-history';
import { currencyCode } from './money';

/**
 * Penalty waivers, their appeals, and spec 2's manual adjustments: one ledger of ADDITIONs and DEDUCTIONs to a
 * tutor's pay (schema/tables/ledger.ts `penalty_waivers`). A manual adjustment is a row with `manual` set, listed apart.
 */

/** Spec 2 section 3: the settings categories a payment adjustment is filed under. */
export const settingsCategoryValues = ['PAYMENT', 'ADJUSTMENTS', 'COURSE_TOPUP', 'OTHERS'] as const;
export type SettingsCategory = (typeof settingsCategoryValues)[number];

export interface PenaltyWaiverRecord {
  _id: string;
  createdAt: string;
  course: { _id: string; title: string } | null;
  /** The lesson's dates when the row is about one; else the date the adjustment applies to. */
  startDate: string | null;
  endDate: string | null;
  tutor: LedgerPerson;
  students: LedgerPerson[];
  lessonType: string | null;
  paymentType: string | null;
  /** Minor units, always positive: `type` says which way it goes. */
  amount: number;
  currency: string;
  type: (typeof adjustmentTypeValues)[number];
  paymentStatus: TutorPaymentStatus;
  appealStatus: (typeof appealStatusValues)[number] | null;
  appealTutorNote: string | null;
  appealAdminNote: string | null;
  appealRespondedBy: LedgerPerson | null;
  lessonHistoryId: string | null;
  /** The meeting request (the spec's zoom request) the row is about. */
  meetingRequestId: string | null;
  manual: boolean;
  category: string | null;
  note: string;
  payRunId: string | null;
  createdBy: string;
  adminNotes: AdminNoteView[];
}

const optionalText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`).optional();
const filterText = z.string().trim().min(1).max(100);
const flag = z.enum(['1', '0', 'true', 'false'], { error: 'must be 1, 0, true or false' }).transform((value) => value === '1' || value === 'true');
const sortParam = z
  .string()
  .trim()
  .regex(/^-?[A-Za-z]{1,40}$/, 'must be a column name such as createdAt or -createdAt')
  .optional();

export const waiverSortKeys = ['createdAt', 'startDate', 'amount', 'currency', 'type', 'paymentStatus', 'appealStatus'] as const;

/** `GET /admin/penalty-waivers` (spec 1 section 7), plus type, paymentStatus and appealStatus for the screen's tabs. */
export const penaltyWaiverListQuery = listQuery
  .safeExtend({
    ...dateRange,
    sort: sortParam,
    lessonHistoryId: recordId.optional(),
    zoomRequestId: recordId.optional(),
    tutorId: recordId.optional(),
    studentId: recordId.optional(),
    courseId: recordId.optional(),
    type: z.enum(adjustmentTypeValues, { error: 'must be ADDITION or DEDUCTION' }).optional(),
    paymentStatus: z.enum(tutorPaymentStatusValues, { error: 'must be PROCESSING or PAID' }).optional(),
    appealStatus: z.enum(appealStatusValues, { error: 'must be PENDING, ACCEPTED or REJECTED' }).optional(),
    lessonType: filterText.optional(),
    includeTutorAmountData: flag.optional(),
  })
  .superRefine(checkDateRange);
export type PenaltyWaiverListQuery = z.infer<typeof penaltyWaiverListQuery>;

/** `GET /penalty-waivers`: a tutor's own rows, waivers and adjustments alike. */
export const tutorWaiverListQuery = listQuery
  .safeExtend({
    ...dateRange,
    sort: sortParam,
    type: z.enum(adjustmentTypeValues, { error: 'must be ADDITION or DEDUCTION' }).optional(),
    paymentStatus: z.enum(tutorPaymentStatusValues, { error: 'must be PROCESSING or PAID' }).optional(),
    appealStatus: z.enum(appealStatusValues, { error: 'must be PENDING, ACCEPTED or REJECTED' }).optional(),
    includeTutorAmountData: flag.optional(),
  })
  .superRefine(checkDateRange);
export type TutorWaiverListQuery = z.infer<typeof tutorWaiverListQuery>;

const isoDate = z.iso.datetime({ offset: true, error: 'must be a date (YYYY-MM-DD) or an ISO date-time' }).or(z.iso.date());
const tutorId = z.string({ error: 'is required' }).trim().min(1, 'is required').max(64);

/**
 * `POST /admin/penalty-waivers`: an ADDITION or DEDUCTION for a tutor, about a lesson's history row, a meeting request
 * (`zoomRequestId` or `meetingRequestId`) or neither. A row it names fills in the course, students, dates and types,
 * and must belong to the same tutor and currency.
 */
export const createPenaltyWaiverBody = z
  .object({
    tutorId,
    type: z.enum(adjustmentTypeValues, { error: 'must be ADDITION or DEDUCTION' }),
    amount: positiveMinorAmount,
    currency: currencyCode,
    note: optionalText(2000),
    lessonHistoryId: recordId.optional(),
    meetingRequestId: recordId.optional(),
    zoomRequestId: recordId.optional(),
    courseId: recordId.optional(),
    studentIds: z.array(recordId).max(50, 'can have at most 50 students').optional(),
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
    lessonType: optionalText(40),
    paymentType: optionalText(40),
  })
  .superRefine((body, ctx) => {
    checkDateRange(body, ctx);
    if (body.meetingRequestId && body.zoomRequestId && body.meetingRequestId !== body.zoomRequestId) {
      ctx.addIssue({ code: 'custom', path: ['zoomRequestId'], message: 'must be the same as meetingRequestId when both are sent' });
    }
  });
export type CreatePenaltyWaiverBody = z.infer<typeof createPenaltyWaiverBody>;

export const updateWaiverPaymentStatusBody = z.object({
  paymentStatus: z.enum(tutorPaymentStatusValues, { error: 'must be PROCESSING or PAID' }),
  penaltyWaiverIds: z
    .array(z.string().trim().min(1).max(64), { error: 'must be a list of penalty waiver ids' })
    .min(1, 'needs at least one penalty waiver id')
    .max(MAX_BULK_IDS, `can have at most ${MAX_BULK_IDS} ids`),
});
export type UpdateWaiverPaymentStatusBody = z.infer<typeof updateWaiverPaymentStatusBody>;

export const appealRespondBody = z.object({
  appealStatus: z.enum(['ACCEPTED', 'REJECTED'], { error: 'must be ACCEPTED or REJECTED' }),
  appealAdminNote: z.string({ error: 'is required' }).trim().min(1, 'is required').max(2000, 'must be at most 2000 characters'),
});
export type AppealRespondBody = z.infer<typeof appealRespondBody>;

/** `POST /penalty-waivers/:id/appeal` (the spec does not show the path; issue 30 names it). */
export const appealBody = z.object({ note: z.string({ error: 'is required' }).trim().min(1, 'is required').max(2000, 'must be at most 2000 characters') });
export type AppealBody = z.infer<typeof appealBody>;

// ── Manual adjustments (spec 2) ──

export const manualAdjustmentSortKeys = ['createdAt', 'date', 'amount', 'currency', 'type', 'paymentStatus'] as const;

/** `GET /admin/manual-adjustments`: limit, offset, sortKey, sortValue, startDate, endDate, tutorId (spec 2 section 7). */
export const manualAdjustmentListQuery = listQuery
  .safeExtend({
    ...dateRange,
    tutorId: recordId.optional(),
    type: z.enum(adjustmentTypeValues, { error: 'must be ADDITION or DEDUCTION' }).optional(),
    category: z.enum(settingsCategoryValues, { error: `must be one of ${settingsCategoryValues.join(', ')}` }).optional(),
    includeTutorAmountData: flag.optional(),
  })
  .superRefine(checkDateRange);
export type ManualAdjustmentListQuery = z.infer<typeof manualAdjustmentListQuery>;

const adjustmentFields = {
  tutorId,
  type: z.enum(adjustmentTypeValues, { error: 'must be ADDITION or DEDUCTION' }),
  amount: positiveMinorAmount,
  currency: currencyCode,
  note: z.string({ error: 'is required' }).trim().min(1, 'is required').max(2000, 'must be at most 2000 characters'),
  /** The day the adjustment counts for (pay runs and "this month" go by it); today when not sent. */
  date: isoDate.optional(),
  courseId: recordId.optional(),
};

/** `POST /admin/manual-adjustments`: filed under ADJUSTMENTS unless another settings category is named. */
export const createManualAdjustmentBody = z.object({
  ...adjustmentFields,
  category: z.enum(settingsCategoryValues, { error: `must be one of ${settingsCategoryValues.join(', ')}` }).default('ADJUSTMENTS'),
});
export type CreateManualAdjustmentBody = z.infer<typeof createManualAdjustmentBody>;

/** `POST /admin/settings/payment-adjustments` (spec 2: "with a payload"): the same adjustment, its settings category required. */
export const createPaymentAdjustmentBody = z.object({
  ...adjustmentFields,
  category: z.enum(settingsCategoryValues, { error: `must be one of ${settingsCategoryValues.join(', ')}` }),
});
export type CreatePaymentAdjustmentBody = z.infer<typeof createPaymentAdjustmentBody>;
