import type {
  MeetingRequestRecord,
  MeetingRequestStatus,
  MeetingRequestType,
  RequesterRole,
  TutorAmountTotal,
} from '../../../schema/contracts/meeting-requests';
import { formatMoney } from '../../../schema/contracts/money';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { fullName } from '../../lib/people';

export const statusLabels: Record<MeetingRequestStatus, string> = { PENDING: 'Waiting', APPROVED: 'Approved', REJECTED: 'Rejected' };
export const typeLabels: Record<MeetingRequestType, string> = { CANCEL: 'Cancel', RESCHEDULE: 'Reschedule', DELETE: 'Delete' };
/** A parent asks for their child, so a request a parent made reads as the student's (docs/decisions/ledger-requests.md). */
export const roleLabels: Record<RequesterRole, string> = { STUDENT: 'Students and parents', TUTOR: 'Tutors', ADMIN: 'Admins' };

const roleWords: Record<RequesterRole, string> = { STUDENT: 'the student', TUTOR: 'the tutor', ADMIN: 'an admin' };
const someone: Record<RequesterRole, string> = { STUDENT: 'A student', TUTOR: 'A tutor', ADMIN: 'An admin' };

const names = (people: { firstname: string; lastname: string }[]) => people.map((p) => fullName(p)).join(', ');

/** "Sam Student, the student, asks to move Quadratics from Mon, 7 Jan, 09:00 GMT to Tue, 8 Jan, 10:00 GMT." */
export function askedSentence(request: MeetingRequestRecord, zone: string) {
  const who = request.requestedBy ? `${fullName(request.requestedBy)}, ${roleWords[request.requestedByRole]},` : someone[request.requestedByRole];
  const verb = request.status === 'PENDING' ? 'asks' : 'asked';
  const lesson = request.section.title || 'a lesson';
  const when = lessonTime(request.start, zone);
  if (request.type === 'RESCHEDULE') {
    const to = request.newStart ? ` to ${lessonTime(request.newStart, zone)}` : '';
    return `${who} ${verb} to move ${lesson} from ${when}${to}.`;
  }
  if (request.type === 'DELETE') return `${who} ${verb} to delete ${lesson} on ${when} from the calendar.`;
  return `${who} ${verb} to cancel ${lesson} on ${when}.`;
}

/** Who the lesson is with: "IGCSE Mathematics with Theo Tutor for Sam Student." */
export function lessonPeople(request: MeetingRequestRecord) {
  const tutors = names(request.tutors);
  const students = names(request.students);
  return `${request.course.title}${tutors ? ` with ${tutors}` : ''}${students ? ` for ${students}` : ''}.`;
}

/** "Penalty SGD 15.00 under policy version 2 (less than 24 hours before the lesson: 50% of SGD 30.00)." */
export function penaltySentence(request: MeetingRequestRecord) {
  const why = `under policy version ${request.policyVersion}${request.penaltyReason ? ` (${request.penaltyReason})` : ''}`;
  if (request.penalty && request.penaltyAmount && request.penaltyCurrency) {
    return `Penalty ${formatMoney(request.penaltyAmount, request.penaltyCurrency)} ${why}.`;
  }
  return `No penalty ${why}.`;
}

/** "Approved by Ada Admin on Tue, 8 Jan, 10:00 GMT." */
export function answeredSentence(request: MeetingRequestRecord, zone: string) {
  if (request.status === 'PENDING') return null;
  const by = request.respondedBy ? ` by ${fullName(request.respondedBy)}` : '';
  const on = request.respondedAt ? ` on ${lessonTime(request.respondedAt, zone)}` : '';
  return `${statusLabels[request.status]}${by}${on}.`;
}

/** "3 requests" / "1 request". */
export const requestCount = (n: number) => (n === 1 ? '1 request' : `${n} requests`);

/** "SGD 45.00 over 2 requests, USD 10.00 over 1 request", or null when no request carries money. */
export function totalsSentence(totals: TutorAmountTotal[]) {
  const parts = totals.filter((t) => t.count > 0).map((t) => `${formatMoney(t.amount, t.currency)} over ${requestCount(t.count)}`);
  return parts.length ? parts.join(', ') : null;
}

/**
 * The totals once `before` has left the list or become `after`: a request counts in its currency's total (the
 * server's rule: requests without a currency are not totalled), so an answered request takes its penalty with it.
 */
export function shiftTotals(totals: TutorAmountTotal[], before: MeetingRequestRecord, after: MeetingRequestRecord | null): TutorAmountTotal[] {
  const share = (request: MeetingRequestRecord | null, sign: 1 | -1) =>
    request?.penaltyCurrency ? [{ currency: request.penaltyCurrency, amount: sign * (request.penaltyAmount ?? 0), count: sign }] : [];
  const next = totals.map((t) => ({ ...t }));
  for (const change of [...share(before, -1), ...share(after, 1)]) {
    const total = next.find((t) => t.currency === change.currency);
    if (total) {
      total.amount += change.amount;
      total.count += change.count;
    } else next.push({ ...change });
  }
  return next.filter((t) => t.count > 0);
}
