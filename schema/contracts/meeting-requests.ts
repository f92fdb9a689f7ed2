import { z } from 'zod';
import { commaListOf, listQuery, recordId } from './common';
import { minorAmount } from './money';

/**
 * Meeting requests (spec 1 sections 3, 4 and 7): a student (or a parent acting for one), a tutor or an admin asks to
 * cancel, reschedule or delete a lesson; admins approve, reject or update it. Shared by the Worker and the web.
 */

export const meetingRequestStatusValues = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export const meetingRequestTypeValues = ['CANCEL', 'RESCHEDULE', 'DELETE'] as const;
export const requesterRoleValues = ['STUDENT', 'TUTOR', 'ADMIN'] as const;
export const respondActionValues = ['APPROVE', 'REJECT', 'UPDATE'] as const;
export const tutorPaymentStatusValues = ['PROCESSING', 'PAID'] as const;

export type MeetingRequestStatus = (typeof meetingRequestStatusValues)[number];
export type MeetingRequestType = (typeof meetingRequestTypeValues)[number];
export type RequesterRole = (typeof requesterRoleValues)[number];
export type RespondAction = (typeof respondActionValues)[number];

/** The longest reason or note a person types: a paragraph, not an essay. */
export const REASON_MAX = 1000;

const isoInstant = z.iso.datetime({ offset: true, error: 'must be a date and time' }).transform((value) => new Date(value));
const isoDate = z.iso.datetime({ offset: true }).or(z.iso.date());

const typeField = z.enum(meetingRequestTypeValues, { error: 'must be CANCEL, RESCHEDULE or DELETE' });

const requestFields = {
  sectionId: recordId,
  type: typeField,
  newStart: isoInstant.optional(),
  reason: z.string({ error: 'is required' }).trim().min(1, 'is required').max(REASON_MAX, `can be at most ${REASON_MAX} characters`),
};

const newStartFitsType = (input: { type: MeetingRequestType; newStart?: Date }, ctx: z.RefinementCtx) => {
  if (input.type === 'RESCHEDULE' && !input.newStart) ctx.addIssue({ code: 'custom', path: ['newStart'], message: 'is required for a reschedule request' });
  if (input.type !== 'RESCHEDULE' && input.newStart) ctx.addIssue({ code: 'custom', path: ['newStart'], message: 'is only for a reschedule request' });
};

/** `POST /api/meeting-requests`. */
export const meetingRequestInput = z.object(requestFields).superRefine(newStartFitsType);

/** `POST /api/meeting-requests/preview`: the same body, so the preview is the request it shows; the reason may still be unwritten. */
export const meetingRequestPreviewInput = z.object({ ...requestFields, reason: requestFields.reason.optional() }).superRefine(newStartFitsType);
export type MeetingRequestInput = z.output<typeof meetingRequestInput>;
export type MeetingRequestPreviewInput = z.output<typeof meetingRequestPreviewInput>;

/** What the policy will apply to a request, and why, before anyone confirms it. */
export interface PenaltyPreview {
  penalty: boolean;
  /** Minor units of `currency`; 0 when there is no penalty. */
  penaltyAmount: number;
  currency: string | null;
  /** A sentence: "less than 24 hours before the lesson: 50% of SGD 30.00". */
  reason: string;
  policyVersion: number;
  /** A cancellation inside the late-cancel window: the lesson still counts for pay and charge. */
  chargeable: boolean;
}

const dateRange = <T extends { startDate?: string; endDate?: string }>(q: T, ctx: z.RefinementCtx) => {
  if (q.startDate && q.endDate && new Date(q.startDate) > new Date(q.endDate)) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must not be before the start date' });
  }
};

const flag = z.enum(['0', '1', 'true', 'false'], { error: 'must be 1 or 0' }).transform((value) => value === '1' || value === 'true');

const listFilters = {
  statuses: commaListOf(meetingRequestStatusValues),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  type: typeField.optional(),
  includeTutorAmountData: flag.optional(),
};

/** `GET /api/meeting-requests`: the requests on the caller's own lessons. */
export const meetingRequestListQuery = listQuery.and(z.object(listFilters).superRefine(dateRange));
export type MeetingRequestListQuery = z.output<typeof meetingRequestListQuery>;

/** `GET /api/admin/meeting-requests`: every request of the tenant; PENDING ones unless `statuses` says otherwise. */
export const adminMeetingRequestListQuery = listQuery.and(
  z
    .object({
      ...listFilters,
      studentId: recordId.optional(),
      tutorId: recordId.optional(),
      requestedByRole: z.enum(requesterRoleValues, { error: 'must be STUDENT, TUTOR or ADMIN' }).optional(),
    })
    .superRefine(dateRange),
);
export type AdminMeetingRequestListQuery = z.output<typeof adminMeetingRequestListQuery>;

/** The list's sort keys. */
export const meetingRequestSortKeys = ['createdAt', 'start', 'newStart', 'status', 'type', 'penaltyAmount'] as const;

/** `PUT /api/admin/meeting-requests/respond/{requestId}`. */
export const respondInput = z
  .object({
    action: z.enum(respondActionValues, { error: 'must be APPROVE, REJECT or UPDATE' }),
    note: z.string().trim().max(REASON_MAX, `can be at most ${REASON_MAX} characters`).optional(),
    newStart: isoInstant.optional(),
    penaltyAmount: minorAmount.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.action === 'UPDATE' && input.newStart === undefined && input.penaltyAmount === undefined) {
      ctx.addIssue({ code: 'custom', path: ['newStart'], message: 'or a penalty amount is needed to update a request' });
    }
    if (input.action !== 'UPDATE') {
      if (input.newStart !== undefined) ctx.addIssue({ code: 'custom', path: ['newStart'], message: 'can only be changed with UPDATE' });
      if (input.penaltyAmount !== undefined) ctx.addIssue({ code: 'custom', path: ['penaltyAmount'], message: 'can only be changed with UPDATE' });
    }
  });
export type RespondInput = z.output<typeof respondInput>;

/** `PUT /api/admin/meeting-requests/update-tutor-payment-status`. */
export const tutorPaymentStatusInput = z.object({
  tutorPaymentStatus: z.enum(tutorPaymentStatusValues, { error: 'must be PROCESSING or PAID' }),
  meetingRequestIds: z.array(recordId).min(1, 'needs at least one request').max(500, 'can have at most 500 requests'),
});

export interface RequestPerson {
  _id: string;
  firstname: string;
  lastname: string;
}

export interface RequestNote {
  _id: string;
  note: string;
  createdBy: string;
  createdAt: string;
}

/** One request as the API answers it. Tutor amounts are left out for students and parents. */
export interface MeetingRequestRecord {
  _id: string;
  status: MeetingRequestStatus;
  type: MeetingRequestType;
  requestedByRole: RequesterRole;
  requestedBy: RequestPerson | null;
  createdAt: string;
  /** The lesson's start when the request was made (ISO 8601). */
  start: string;
  newStart: string | null;
  section: { _id: string; title: string };
  course: { _id: string; title: string };
  tutors: RequestPerson[];
  students: RequestPerson[];
  reason: string;
  policyVersion: number;
  penalty: boolean;
  /** Minor units of `penaltyCurrency`; null where the viewer may not see it (a tutor's penalty, to a student). */
  penaltyAmount: number | null;
  penaltyCurrency: string | null;
  penaltyReason: string | null;
  chargeable: boolean;
  tutorPaymentStatus: (typeof tutorPaymentStatusValues)[number];
  respondedBy: RequestPerson | null;
  respondedAt: string | null;
  responseNote: string | null;
  /** Tutors and admins only. */
  tutorAmount?: number | null;
  tutorAmountCurrency?: string | null;
  adminNotes?: RequestNote[];
}

/** Totals per currency of the listed requests' penalties. */
export interface TutorAmountTotal {
  currency: string;
  amount: number;
  count: number;
}

export interface MeetingRequestList {
  docs: MeetingRequestRecord[];
  totalDocs: number;
  limit: number;
  offset: number;
  tutorAmountData?: TutorAmountTotal[];
}

/** A created or answered request carries the toast the spec gives for it. */
export type MeetingRequestAnswer = MeetingRequestRecord & { message: string };

/** The spec's success toasts (section 8), and this product's words where it gives none (docs/decisions/ledger-requests.md). */
export const REQUEST_MESSAGES = {
  sent: { CANCEL: 'Cancellation Request Sent!', RESCHEDULE: 'Reschedule Request Sent!', DELETE: 'Request Sent!' },
  rejected: { CANCEL: 'Cancellation Request Rejected!', RESCHEDULE: 'Reschedule Request Rejected!', DELETE: 'Delete Request Rejected!' },
  approved: { CANCEL: 'Lesson Cancelled!', ZOOM_CANCEL: 'Zoom Meeting Cancelled!', RESCHEDULE: 'Lesson Rescheduled!', DELETE: 'Lesson Deleted!' },
  updated: 'Lesson Updated!',
} as const;
