import { z } from 'zod';
import { isTimeZone, listQuery, recordId } from './common';
import { MAX_MINOR_AMOUNT } from './money';
import { trialStatuses } from './trial-enums';

/**
 * The lesson ledger's history rows as the API shows them (spec 1 sections 3, 4 and 7; issue 30): one row per lesson
 * and student, written when the lesson closes. Three views of one row: the admin's (everything), the tutor's (the
 * pay, without the admins' notes) and a learner's (the lesson and its attendance, never a tutor's money).
 */

/** Spec 1 section 4. The tables keep the same lists (schema/tables/ledger.ts); these are zod-free for the web. */
export const tutorPaymentStatusValues = ['PROCESSING', 'PAID'] as const;
export const concernStatusValues = ['PENDING', 'RESOLVED', 'REJECTED'] as const;
export const concernDecisionValues = ['APPROVED', 'DECLINED'] as const;
export const adjustmentTypeValues = ['ADDITION', 'DEDUCTION'] as const;
export const appealStatusValues = ['PENDING', 'ACCEPTED', 'REJECTED'] as const;
/** What an admin decided about extra minutes a lesson ran: only APPROVED minutes are paid. */
export const classExtensionStatusValues = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type TutorPaymentStatus = (typeof tutorPaymentStatusValues)[number];
/** The class timing filter: the tutor's timing as spec 1 section 4 words it, every "N Min Late" being LATE. */
export const classTimingFilterValues = ['ON_TIME', 'LATE', 'MISSED', 'NOT_STARTED'] as const;
export type ClassTimingFilter = (typeof classTimingFilterValues)[number];

/** The success toasts of spec 1 section 8 and spec 2 section 8 the ledger answers with. */
export const LEDGER_MESSAGES = {
  concernRaised: 'Concern raised!',
  concernResponded: 'Concern responded!',
  paymentStatusUpdated: 'Payment status updated!',
  noteAdded: 'Note added!',
  noteDeleted: 'Note deleted!',
  classExtensionUpdated: 'Class extension updated!',
  tutorPenaltyUpdated: 'Tutor penalty updated!',
  trialConversionUpdated: 'Trial conversion updated!',
  tutorPaymentAdjusted: 'Tutor payment adjusted!',
  penaltyWaiverCreated: 'Penalty waiver created!',
  appealRequested: 'Penalty appeal request sent!',
  appealResponded: 'Appeal responded!',
  manualAdjustmentCreated: 'Manual adjustment created!',
  paymentAdjustmentCreated: 'Payment Adjustment Created!',
  payRunCreated: 'Pay run created!',
} as const;

/** Spec 1 section 9: the reference key people quote is the first 8 characters of the event id. */
export const referenceKeyOf = (eventId: string) => eventId.slice(0, 8);

export interface LedgerPerson {
  _id: string;
  firstname: string;
  lastname: string;
}
export interface LedgerStudent extends LedgerPerson {
  country: string | null;
}

/** What every view of a history row holds: the lesson, who came and when. */
export interface LessonHistoryLearnerRecord {
  _id: string;
  eventId: string;
  referenceKey: string;
  sectionId: string;
  start: string;
  end: string;
  /** Booked minutes. */
  duration: number;
  students: LedgerStudent[];
  paymentTutor: LedgerPerson | null;
  course: { _id: string; title: string };
  lessonType: string;
  paymentType: string;
  subject: string;
  curriculum: string;
  grade: string;
  tutorJoinTime: string | null;
  tutorLeaveTime: string | null;
  tutorSecondsInRoom: number;
  studentJoinTime: string | null;
  studentLeaveTime: string | null;
  studentSecondsInRoom: number;
  /** Spec 1 section 4's class timing status for the tutor, and for this row's student. */
  classTimingStatus: string;
  studentTimingStatus: string;
  /** Extra minutes the lesson ran, as an admin recorded them. */
  lessonExtension: number;
  isTrialConverted: boolean;
  trialConversionStatus: string | null;
}

/** The tutor's view: the lesson plus its pay, penalty, concern and how the pay was worked out. */
export interface LessonHistoryTutorRecord extends LessonHistoryLearnerRecord {
  /** Minor units per hour, as the rate engine found it; null when no rate applied. */
  tutorRate: number | null;
  tutorRateCurrency: string | null;
  /** The lesson's pay, and this row's share of it (a group lesson's pay is split over its students' rows). */
  tutorAmount: number | null;
  allocatedTutorAmount: number | null;
  tutorAmountCurrency: string | null;
  tutorPenalty: boolean;
  tutorPenaltyAmount: number;
  tutorPenaltyReason: string | null;
  /** This row's share of the pay for approved extension minutes. */
  lessonExtensionTutorAmount: number;
  /** allocatedTutorAmount + lessonExtensionTutorAmount − tutorPenaltyAmount: what this row adds to the tutor's pay. */
  netTutorAmount: number | null;
  tutorPaymentStatus: TutorPaymentStatus;
  payRunId: string | null;
  classExtensionRequestStatus: string | null;
  rateExplanation: string;
  concernStatus: (typeof concernStatusValues)[number] | null;
  concernNote: string | null;
  concernDecision: (typeof concernDecisionValues)[number] | null;
  concernResponse: string | null;
  /** What the lesson room counted for the tutor and this row's student; null for someone it never saw. */
  engagement: { tutor: LessonEngagement | null; student: LessonEngagement | null };
}

/** Seconds with the camera and the microphone on in the lesson room, and hands raised there. */
export interface LessonEngagement {
  cameraSeconds: number;
  micSeconds: number;
  handsRaised: number;
}

export interface AdminNoteView {
  _id: string;
  note: string;
  createdBy: string;
  createdAt: string;
}

/** The admin's view: everything, with the admins' notes. */
export interface LessonHistoryRecord extends LessonHistoryTutorRecord {
  billingKind: string | null;
  adminNotes: AdminNoteView[];
  closedBy: string;
  closedAt: string;
}

/** Totals per currency of every row a list's filters match (not only the page): spec 1's `tutorAmountData`. */
export interface TutorAmountData {
  currency: string;
  /** Pay before penalties (lesson shares plus extension pay; for waivers, the additions). */
  amount: number;
  /** Penalties (for waivers, the deductions still standing). */
  penalty: number;
  /** amount − penalty. */
  net: number;
  count: number;
}

export interface LessonHistoryList<T> {
  docs: T[];
  totalDocs: number;
  limit: number;
  offset: number;
  tutorAmountData?: TutorAmountData[];
}

// ── Queries ──

const filterText = z.string().trim().min(1).max(100);
const isoDateOrTime = z.iso.datetime({ offset: true, error: 'must be a date (YYYY-MM-DD) or an ISO date-time' }).or(z.iso.date());
const flag = z.enum(['1', '0', 'true', 'false'], { error: 'must be 1, 0, true or false' }).transform((value) => value === '1' || value === 'true');

/** A bare date as a start bound is the start of that day, as an end bound the whole of it (UTC). */
export const startOfBound = (value: string) => new Date(value.length === 10 ? `${value}T00:00:00.000Z` : value);
export const endOfBound = (value: string) => new Date(value.length === 10 ? `${value}T23:59:59.999Z` : value);

/** startDate and endDate of a list: each a date or a date-time, the end not before the start. */
export const dateRange = {
  startDate: isoDateOrTime.optional(),
  endDate: isoDateOrTime.optional(),
};
export function checkDateRange(q: { startDate?: string; endDate?: string }, ctx: z.RefinementCtx) {
  if (typeof q.startDate !== 'string' || typeof q.endDate !== 'string') return;
  if (endOfBound(q.endDate) < startOfBound(q.startDate)) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must not be before startDate' });
}

/** `sort`: a column key, `-` first for descending (`-start`), as the user-side list sends it. */
const sortParam = z
  .string()
  .trim()
  .regex(/^-?[A-Za-z]{1,40}$/, 'must be a column name such as start or -start')
  .optional();

/** Reference keys are the hex start of an event id. */
const referenceKey = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{1,32}$/, 'must be the hexadecimal reference key of a lesson, such as 3f9a2c1b');

export const historySortKeys = ['start', 'end', 'duration', 'createdAt', 'tutorAmount', 'allocatedTutorAmount', 'tutorPaymentStatus', 'referenceKey'] as const;

const historyFilters = {
  ...dateRange,
  sort: sortParam,
  courseId: recordId.optional(),
  /** One lesson's rows: its page after it ends shows who came and when. */
  sectionId: recordId.optional(),
  studentId: recordId.optional(),
  tutorId: recordId.optional(),
  referenceKey: referenceKey.optional(),
  curriculum: filterText.optional(),
  grade: filterText.optional(),
  subject: filterText.optional(),
  lessonType: filterText.optional(),
  paymentType: filterText.optional(),
  includeTutorAmountData: flag.optional(),
};

/** `GET /lesson-history`: a tutor's own rows or a learner's; tutorId and studentId narrow within what the caller may see. */
export const lessonHistoryQuery = listQuery.safeExtend(historyFilters).superRefine(checkDateRange);
export type LessonHistoryQuery = z.infer<typeof lessonHistoryQuery>;

const adminHistoryFilters = {
  ...historyFilters,
  tutorPaymentStatus: z.enum(tutorPaymentStatusValues, { error: 'must be PROCESSING or PAID' }).optional(),
  concernStatus: z.enum(concernStatusValues, { error: 'must be PENDING, RESOLVED or REJECTED' }).optional(),
  classTimingStatus: z.enum(classTimingFilterValues, { error: 'must be ON_TIME, LATE, MISSED or NOT_STARTED' }).optional(),
};

/** `GET /admin/lesson-history`: every row of the tenant, sortKey and sortValue as admin lists take them. */
export const adminLessonHistoryQuery = listQuery.safeExtend(adminHistoryFilters).superRefine(checkDateRange);
export type AdminLessonHistoryQuery = z.infer<typeof adminLessonHistoryQuery>;

/** The filters of a list, with no page: what an export of the Completed tab takes, plus the time zone its dates read in. */
export const timeZoneParam = z.string().trim().max(64).refine(isTimeZone, 'must be a time zone such as Asia/Singapore').optional();
export const lessonHistoryExportQuery = z.object({ ...adminHistoryFilters, timezone: timeZoneParam }).superRefine(checkDateRange);
export type LessonHistoryExportQuery = z.infer<typeof lessonHistoryExportQuery>;

// ── Bodies ──

const note = (max = 2000) => z.string({ error: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
const historyId = z.string({ error: 'is required' }).trim().min(1, 'is required').max(64);

/** A positive amount in minor units: a whole number, more than nothing, within what a record holds. */
export const positiveMinorAmount = z
  .number({ error: 'must be a whole number of minor units' })
  .int('must be a whole number of minor units')
  .min(1, 'must be more than 0')
  .max(MAX_MINOR_AMOUNT, 'is too large');

export const adminNoteBody = z.object({ note: note() });
export const adminNoteDeleteQuery = z.object({ noteId: z.string({ error: 'is required' }).trim().min(1, 'is required').max(64) });

export const raiseConcernBody = z.object({ lessonHistoryId: historyId, note: note() });
export type RaiseConcernBody = z.infer<typeof raiseConcernBody>;

export const respondToConcernBody = z.object({
  lessonHistoryId: historyId,
  status: z.enum(['RESOLVED', 'REJECTED'], { error: 'must be RESOLVED or REJECTED' }),
  decision: z.enum(concernDecisionValues, { error: 'must be APPROVED or DECLINED' }),
  response: z.string().trim().max(2000, 'must be at most 2000 characters').default(''),
});
export type RespondToConcernBody = z.infer<typeof respondToConcernBody>;

/** Spelled `lesssonHistoryIds` as spec 1 section 7 gives it. */
export const MAX_BULK_IDS = 500;
export const updateTutorPaymentStatusBody = z.object({
  tutorPaymentStatus: z.enum(tutorPaymentStatusValues, { error: 'must be PROCESSING or PAID' }),
  lesssonHistoryIds: z
    .array(historyId, { error: 'must be a list of lesson history ids' })
    .min(1, 'needs at least one lesson history id')
    .max(MAX_BULK_IDS, `can have at most ${MAX_BULK_IDS} ids`),
});
export type UpdateTutorPaymentStatusBody = z.infer<typeof updateTutorPaymentStatusBody>;

/** The longest extension an admin may record: as long as the longest lesson (spec 1 section 9). */
export const MAX_EXTENSION_MINUTES = 180;
export const classExtensionBody = z.object({
  lessonHistoryId: historyId,
  minutes: z
    .number({ error: 'must be a whole number of minutes' })
    .int('must be a whole number of minutes')
    .min(0, 'cannot be negative')
    .max(MAX_EXTENSION_MINUTES, `can be at most ${MAX_EXTENSION_MINUTES} minutes`),
  status: z.enum(classExtensionStatusValues, { error: 'must be PENDING, APPROVED or REJECTED' }),
});
export type ClassExtensionBody = z.infer<typeof classExtensionBody>;

export const tutorPenaltyBody = z.object({
  lessonHistoryId: historyId,
  tutorPenaltyAmount: z
    .number({ error: 'must be a whole number of minor units' })
    .int('must be a whole number of minor units')
    .min(0, 'cannot be negative')
    .max(MAX_MINOR_AMOUNT, 'is too large'),
  tutorPenaltyReason: z.string().trim().max(500, 'must be at most 500 characters').default(''),
});
export type TutorPenaltyBody = z.infer<typeof tutorPenaltyBody>;

export const trialConversionBody = z.object({
  lessonHistoryId: historyId,
  isTrialConverted: z.boolean({ error: 'must be true or false' }),
  trialConversionStatus: z.enum(trialStatuses, { error: `must be one of ${trialStatuses.join(', ')}` }),
});
export type TrialConversionBody = z.infer<typeof trialConversionBody>;

/**
 * A percentage with at most 2 decimals, above 0 and at most 100, turned into basis points by its digits (12.5 →
 * 1250), so no float is multiplied.
 */
export const percentageToBasisPoints = z
  .number({ error: 'must be a percentage such as 12.5' })
  .refine((value) => Number.isFinite(value) && /^\d{1,3}(\.\d{1,2})?$/.test(String(value)), 'must be a percentage with at most 2 decimals')
  .transform((value) => {
    const [whole, fraction = ''] = String(value).split('.');
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  })
  .refine((bp) => bp > 0, 'must be more than 0%')
  .refine((bp) => bp <= 10_000, 'cannot be above 100%');

/**
 * `PUT /lesson-history/tutor-payments/adjustments` (its body is not in the spec; recorded in docs/decisions/ledger-pay.md):
 * an ADDITION or DEDUCTION against one lesson's pay, as an amount in minor units of the row's currency or as a
 * percentage of the row's pay, written to the adjustments ledger beside the row (the row itself keeps what the
 * lesson paid).
 */
export const tutorPaymentAdjustmentBody = z
  .object({
    lessonHistoryId: historyId,
    type: z.enum(adjustmentTypeValues, { error: 'must be ADDITION or DEDUCTION' }),
    amount: positiveMinorAmount.optional(),
    percentage: percentageToBasisPoints.optional(),
    note: note(),
  })
  .superRefine((body, ctx) => {
    if (body.amount === undefined && body.percentage === undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'or a percentage is required' });
    if (body.amount !== undefined && body.percentage !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['percentage'], message: 'cannot be given with an amount: send one of them' });
    }
  });
export type TutorPaymentAdjustmentBody = z.infer<typeof tutorPaymentAdjustmentBody>;

const minutesOn = (seconds: number) => (seconds < 60 ? 'under a minute' : `${Math.round(seconds / 60)} min`);

/** "Camera on 42 min · Microphone on 51 min · Raised a hand twice": the lesson room's engagement in words. */
export function engagementWords(engagement: LessonEngagement | null) {
  if (!engagement) return 'Not in the lesson room';
  const { cameraSeconds, micSeconds, handsRaised } = engagement;
  const hands = handsRaised === 1 ? 'Raised a hand once' : handsRaised === 2 ? 'Raised a hand twice' : `Raised a hand ${handsRaised} times`;
  return [
    cameraSeconds > 0 ? `Camera on ${minutesOn(cameraSeconds)}` : 'Camera never on',
    micSeconds > 0 ? `Microphone on ${minutesOn(micSeconds)}` : 'Microphone never on',
    ...(handsRaised > 0 ? [hands] : []),
  ].join(' · ');
}
