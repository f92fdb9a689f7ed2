import clsx from 'clsx';
import { Link } from 'react-router-dom';
import type { MeetingRequestRecord, MeetingRequestStatus } from '../../../schema/contracts/meeting-requests';
import { badgeClass } from '../../ui/badges';
import { cardClass, primaryButton, smallButton } from '../../ui/classes';
import { answeredSentence, askedSentence, lessonPeople, penaltySentence, statusLabels, typeLabels } from './request-words';

const statusColours: Record<MeetingRequestStatus, string> = {
  PENDING: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
  APPROVED: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
  REJECTED: 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
};

/** One request in words: who asked what for which lesson, why, the penalty the policy set, and what came of it. */
export default function RequestCard({
  request,
  zone,
  canRespond,
  onRespond,
  onPaymentStatus,
}: {
  request: MeetingRequestRecord;
  zone: string;
  canRespond: boolean;
  onRespond: () => void;
  onPaymentStatus: () => void;
}) {
  const answered = answeredSentence(request, zone);
  const paid = request.tutorPaymentStatus === 'PAID';
  return (
    <li className={`${cardClass} p-4 sm:p-5`} data-testid="meeting-request">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 flex-1 font-semibold text-slate-900 dark:text-white">{askedSentence(request, zone)}</p>
        <span className="flex shrink-0 gap-1.5">
          <span className={clsx(badgeClass, 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200')}>{typeLabels[request.type]}</span>
          <span className={clsx(badgeClass, statusColours[request.status])}>{statusLabels[request.status]}</span>
        </span>
      </div>
      <div className="mt-2 space-y-1 text-sm text-slate-600 dark:text-slate-300">
        <p>
          <Link to={`/portal/courses/${request.course._id}`} className="font-medium text-slate-800 hover:underline dark:text-slate-100">
            {lessonPeople(request)}
          </Link>
        </p>
        <p>Reason: “{request.reason}”</p>
        <p>{penaltySentence(request)}</p>
        {request.chargeable && <p>The lesson still counts as held for pay and charge, as it is cancelled inside the late-cancel window.</p>}
        {answered && (
          <p>
            {answered}
            {request.responseNote && ` Note: “${request.responseNote}”`}
          </p>
        )}
        {request.status === 'APPROVED' && <p>Tutor payment: {paid ? 'paid' : 'processing'}.</p>}
      </div>
      {canRespond && (request.status === 'PENDING' || request.status === 'APPROVED') && (
        <div className="mt-3 flex flex-wrap gap-2">
          {request.status === 'PENDING' ? (
            <button type="button" className={primaryButton} onClick={onRespond} aria-label={`Respond: ${askedSentence(request, zone)}`}>
              Respond
            </button>
          ) : (
            <button type="button" className={smallButton} onClick={onPaymentStatus}>
              {paid ? 'Mark the tutor payment as processing' : 'Mark the tutor payment as paid'}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
