import clsx from 'clsx';
import { formatDuration } from '../../../schema/contracts/durations';
import type { ClassTimingFilter, LessonHistoryRecord, TutorPaymentStatus } from '../../../schema/contracts/lesson-history';
import type { MeetingRequestRecord } from '../../../schema/contracts/meeting-requests';
import { formatMoney } from '../../../schema/contracts/money';
import { badgeClass } from '../../ui/badges';

/** The words a person reads for the ledger's codes. */
export const paymentStatusLabels: Record<TutorPaymentStatus, string> = { PROCESSING: 'Processing', PAID: 'Paid' };
export const timingFilterLabels: Record<ClassTimingFilter, string> = { ON_TIME: 'On time', LATE: 'Late', MISSED: 'Missed', NOT_STARTED: 'Not started' };
export const concernLabels = { PENDING: 'Concern waiting', RESOLVED: 'Concern resolved', REJECTED: 'Concern rejected' } as const;
export const requestTypeLabels: Record<MeetingRequestRecord['type'], string> = { CANCEL: 'Cancellation', RESCHEDULE: 'Reschedule', DELETE: 'Deletion' };
export const requestStatusLabels: Record<MeetingRequestRecord['status'], string> = { PENDING: 'Pending', APPROVED: 'Approved', REJECTED: 'Rejected' };
export const requesterLabels: Record<MeetingRequestRecord['requestedByRole'], string> = { STUDENT: 'Student', TUTOR: 'Tutor', ADMIN: 'Admin' };
const lessonTypeLabels: Record<string, string> = { LESSON: 'Lesson', TRIAL: 'Trial', DUMMY: 'Practice' };
export const lessonTypeLabel = (type: string) => lessonTypeLabels[type] ?? type;

const tone = {
  green: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
  amber: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
  rose: 'bg-rose-100 text-rose-800 dark:bg-rose-500/15 dark:text-rose-300',
  grey: 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
};

/** The class timing status pill (spec 1 section 4's words): on time green, late amber, missed rose, not started grey. */
export const timingBadge = (status: string) =>
  clsx(
    badgeClass,
    'whitespace-nowrap',
    status === 'On Time' ? tone.green : status.endsWith('Min Late') ? tone.amber : status === 'Missed' ? tone.rose : tone.grey,
  );
export const paymentBadge = (status: TutorPaymentStatus) => clsx(badgeClass, 'whitespace-nowrap', status === 'PAID' ? tone.green : tone.amber);
export const concernBadge = clsx(badgeClass, 'whitespace-nowrap', tone.rose);
export const requestStatusBadge = (status: MeetingRequestRecord['status']) =>
  clsx(badgeClass, 'whitespace-nowrap', status === 'APPROVED' ? tone.green : status === 'REJECTED' ? tone.grey : tone.amber);

/** Money always with its currency; a lesson no rate applied to has no pay to show, and says so. */
export const moneyText = (amount: number | null, currency: string | null) => (amount === null || !currency ? 'No pay recorded' : formatMoney(amount, currency));

/** "SGD 1,234.00 · MYR 560.00". */
export const perCurrency = (totals: { currency: string; amount: number }[]) => totals.map((t) => formatMoney(t.amount, t.currency)).join(' · ');

/** Seconds in the lesson room as a length: "54 m", "Under a minute", or "Never came in". */
export function roomTime(seconds: number) {
  if (seconds <= 0) return 'Never came in';
  if (seconds < 60) return 'Under a minute';
  return formatDuration(Math.floor(seconds / 60));
}

export const personName = (person: { firstname: string; lastname: string } | null | undefined) =>
  person ? `${person.firstname} ${person.lastname}`.trim() || 'Unnamed' : 'Nobody';

export const studentNames = (row: Pick<LessonHistoryRecord, 'students'>) => row.students.map(personName).join(', ') || 'No student';
