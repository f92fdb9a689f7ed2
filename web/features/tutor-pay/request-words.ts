import type { MeetingRequestRecord } from '../../../schema/contracts/meeting-requests';
import { formatMoney } from '../../../schema/contracts/money';
import { lessonTime } from '../../entities/lessons/lesson-time';

const asked: Record<MeetingRequestRecord['type'], string> = { CANCEL: 'to cancel', RESCHEDULE: 'to move', DELETE: 'to delete' };

/** A request the tutor made whose penalty falls on their own pay; students' requests charge the students, not the tutor. */
export const isOwnPenalty = (request: MeetingRequestRecord, tutorId: string) =>
  request.penalty && request.requestedByRole === 'TUTOR' && request.requestedBy?._id === tutorId;

/** "You asked to cancel Mathematics lesson 3 (IGCSE Mathematics with Theo) on Mon, 7 Jan, 17:00 SGT." */
export function requestSentence(request: MeetingRequestRecord, zone: string) {
  const lesson = request.section.title || 'a lesson';
  const course = request.course.title ? ` (${request.course.title})` : '';
  const to = request.type === 'RESCHEDULE' && request.newStart ? ` to ${lessonTime(request.newStart, zone)}` : '';
  return `You asked ${asked[request.type]} ${lesson}${course} on ${lessonTime(request.start, zone)}${to}.`;
}

/** The penalty with the policy's reason, and where the request stands. */
export function penaltySentence(request: MeetingRequestRecord) {
  const { penaltyAmount, penaltyCurrency } = request;
  const head = penaltyAmount !== null && penaltyCurrency ? `Penalty ${formatMoney(penaltyAmount, penaltyCurrency)}` : 'A penalty';
  const reason = request.penaltyReason ? ` (${request.penaltyReason})` : '';
  const status =
    request.status === 'PENDING'
      ? 'The request is waiting for an admin’s answer.'
      : request.status === 'APPROVED'
        ? 'An admin approved the request.'
        : 'An admin rejected the request, so no penalty is taken.';
  return `${head}${reason}. ${status}`;
}
