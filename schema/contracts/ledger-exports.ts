import { z } from 'zod';
import { commaListOf, recordId } from './common';
import { checkDateRange, dateRange, timeZoneParam, tutorPaymentStatusValues } from './lesson-history';

/**
 * The admin lesson history screen's two CSV exports (spec 1 sections 5, 6 and 9; issue 30): Completed (history rows)
 * and Reschedule-or-cancellation (meeting requests). Streamed from D1 in pages; dates `yyyy-MM-dd hh:mm a` in the
 * time zone asked for, amounts with 2 decimals (or the currency's own) and the currency code.
 */

/** The Completed export's columns; `money` columns need the view permission of the lesson history list too. */
export const lessonHistoryExportColumns = [
  { key: 'referenceKey', label: 'Reference key' },
  { key: 'date', label: 'Date and time' },
  { key: 'duration', label: 'Duration (hours)' },
  { key: 'students', label: 'Students' },
  { key: 'tutors', label: 'Tutors' },
  { key: 'lessonType', label: 'Lesson type' },
  { key: 'paymentType', label: 'Payment type' },
  { key: 'course', label: 'Course' },
  { key: 'subject', label: 'Subject' },
  { key: 'curriculum', label: 'Curriculum' },
  { key: 'grade', label: 'Grade' },
  { key: 'tutorJoinTime', label: 'Tutor join time' },
  { key: 'studentJoinTime', label: 'Student join time' },
  { key: 'classTimingStatus', label: 'Tutor timing' },
  { key: 'studentTimingStatus', label: 'Student timing' },
  { key: 'studentCountries', label: 'Student countries' },
  { key: 'tutorRate', label: 'Tutor rate (per hour)', money: true },
  { key: 'amount', label: 'Amount', money: true },
  { key: 'penalty', label: 'Penalty', money: true },
  { key: 'net', label: 'Net amount', money: true },
  { key: 'paymentStatus', label: 'Payment status', money: true },
  { key: 'trialStatus', label: 'Trial status' },
] as const;

/** The Reschedule-or-cancellation export's columns; `money` columns need the meeting requests view permission too. */
export const meetingRequestExportColumns = [
  { key: 'referenceKey', label: 'Reference key' },
  { key: 'date', label: 'Date and time' },
  { key: 'newDate', label: 'New date and time' },
  { key: 'type', label: 'Request type' },
  { key: 'status', label: 'Status' },
  { key: 'requestedByRole', label: 'Requested by' },
  { key: 'requestedAt', label: 'Requested at' },
  { key: 'students', label: 'Students' },
  { key: 'tutors', label: 'Tutors' },
  { key: 'lessonType', label: 'Lesson type' },
  { key: 'paymentType', label: 'Payment type' },
  { key: 'course', label: 'Course' },
  { key: 'subject', label: 'Subject' },
  { key: 'curriculum', label: 'Curriculum' },
  { key: 'grade', label: 'Grade' },
  { key: 'studentCountries', label: 'Student countries' },
  { key: 'reason', label: 'Reason' },
  { key: 'amount', label: 'Tutor amount', money: true },
  { key: 'penalty', label: 'Penalty', money: true },
  { key: 'penaltyReason', label: 'Penalty reason', money: true },
  { key: 'paymentStatus', label: 'Payment status', money: true },
] as const;

const meetingRequestStatusValues = ['PENDING', 'APPROVED', 'REJECTED'] as const;
const meetingRequestTypeValues = ['CANCEL', 'RESCHEDULE', 'DELETE'] as const;
const requesterRoleValues = ['STUDENT', 'TUTOR', 'ADMIN'] as const;

/** `GET /admin/meeting-requests/export.csv`: the admin list's filters (spec 1 section 7), no page. */
export const meetingRequestExportQuery = z
  .object({
    ...dateRange,
    statuses: commaListOf(meetingRequestStatusValues),
    type: z.enum(meetingRequestTypeValues, { error: 'must be CANCEL, RESCHEDULE or DELETE' }).optional(),
    requestedByRole: z.enum(requesterRoleValues, { error: 'must be STUDENT, TUTOR or ADMIN' }).optional(),
    studentId: recordId.optional(),
    tutorId: recordId.optional(),
    tutorPaymentStatus: z.enum(tutorPaymentStatusValues, { error: 'must be PROCESSING or PAID' }).optional(),
    timezone: timeZoneParam,
  })
  .superRefine(checkDateRange);
export type MeetingRequestExportQuery = z.infer<typeof meetingRequestExportQuery>;
