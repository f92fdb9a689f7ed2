import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { ChevronDown, FileText, MessageSquareWarning } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { LessonHistoryTutorRecord } from '../../../schema/contracts/lesson-history';
import { formatMoney } from '../../../schema/contracts/money';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { cardClass, focusRing, smallButton } from '../../ui/classes';
import { Attendance } from './Attendance';
import { concernBadge, concernLabels, moneyText, paymentBadge, paymentLabels, quoted, studentNames, timingBadge } from './pay-words';

const actionButton = `${smallButton} disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent`;

/** What became of the tutor's concern, in words: what they wrote and the admin's answer, or that it waits for one. */
function ConcernText({ row }: { row: LessonHistoryTutorRecord }) {
  if (!row.concernStatus) return null;
  const answer =
    row.concernStatus === 'PENDING'
      ? 'An admin has not answered it yet.'
      : `${row.concernDecision === 'APPROVED' ? 'Approved' : 'Declined'} by an admin${row.concernResponse ? `: ${quoted(row.concernResponse)}` : '.'}`;
  return (
    <p className="text-sm text-slate-700 dark:text-slate-200" data-testid="concern">
      {row.concernNote ? `Your concern: ${quoted(row.concernNote)} ` : ''}
      {answer}
    </p>
  );
}

/**
 * One lesson of the month as a card (a wide table would hide columns on a phone): when, what and with whom, the
 * timing, attendance and pay, a disclosure with how the pay was worked out, and the row's actions.
 */
export function LessonCard({ row, zone, onRaiseConcern }: { row: LessonHistoryTutorRecord; zone: string; onRaiseConcern: () => void }) {
  const currency = row.tutorAmountCurrency;
  const when = lessonTime(row.start, zone);
  const title = row.course.title || 'Untitled course';
  const waiting = row.concernStatus === 'PENDING';
  const reasonId = `concern-waiting-${row._id}`;
  return (
    <li className={`${cardClass} space-y-3 p-4 sm:p-5`} data-testid="lesson-row" data-section-id={row.sectionId}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900 dark:text-white">{title}</h3>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {when} · {studentNames(row.students)}
          </p>
        </div>
        <div className="sm:text-right">
          <p className="font-semibold text-slate-900 tabular-nums dark:text-white" data-testid="lesson-pay">
            {moneyText(row.netTutorAmount, currency)}
          </p>
          {row.tutorPenaltyAmount > 0 && currency && (
            <p className="text-xs text-rose-700 dark:text-rose-300">
              After a penalty of {formatMoney(row.tutorPenaltyAmount, currency)}
              {row.tutorPenaltyReason ? `: ${row.tutorPenaltyReason}` : ''}
            </p>
          )}
        </div>
      </div>

      <p className="flex flex-wrap gap-1.5">
        <span className={timingBadge(row.classTimingStatus)}>
          <span className="sr-only">Your timing: </span>
          {row.classTimingStatus}
        </span>
        <span className={paymentBadge(row.tutorPaymentStatus)}>
          <span className="sr-only">Payment: </span>
          {paymentLabels[row.tutorPaymentStatus]}
        </span>
        {row.concernStatus && <span className={concernBadge(row.concernStatus)}>{concernLabels[row.concernStatus]}</span>}
      </p>

      <Attendance row={row} zone={zone} />
      <ConcernText row={row} />

      <Disclosure>
        <DisclosureButton className={`group flex items-center gap-1 rounded text-sm font-medium text-brand-deep hover:underline dark:text-brand ${focusRing}`}>
          <ChevronDown className="size-4 transition group-data-open:rotate-180" aria-hidden="true" />
          How this pay was worked out
        </DisclosureButton>
        <DisclosurePanel className="mt-2 space-y-1 rounded-xl bg-slate-50 p-3 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-200">
          <p data-testid="rate-explanation">{row.rateExplanation}</p>
          {row.lessonExtensionTutorAmount > 0 && currency && (
            <p>
              Includes {formatMoney(row.lessonExtensionTutorAmount, currency)} for {row.lessonExtension} extra minutes an admin approved.
            </p>
          )}
          {row.allocatedTutorAmount !== null && row.tutorAmount !== null && row.allocatedTutorAmount !== row.tutorAmount && currency && (
            <p>
              A group lesson: its {formatMoney(row.tutorAmount, currency)} is shared over its students, and this is {studentNames(row.students)}’s share.
            </p>
          )}
          <p>
            Reference key: <span className="font-mono font-semibold">{row.referenceKey}</span>
            {row.payRunId && ' · in a pay run'}
          </p>
        </DisclosurePanel>
      </Disclosure>

      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={actionButton} onClick={onRaiseConcern} disabled={waiting} aria-describedby={waiting ? reasonId : undefined}>
          <MessageSquareWarning className="size-4" aria-hidden="true" />
          Raise a concern
          <span className="sr-only">
            {' '}
            about {title} on {when}
          </span>
        </button>
        <Link to={`/portal/lesson-reports/${encodeURIComponent(row.sectionId)}`} className={smallButton}>
          <FileText className="size-4" aria-hidden="true" />
          Lesson report
          <span className="sr-only">
            {' '}
            for {title} on {when}
          </span>
        </Link>
        {waiting && (
          <p id={reasonId} className="text-xs text-slate-500 dark:text-slate-400">
            Your concern about this lesson is waiting for an answer, so another cannot be raised yet.
          </p>
        )}
      </div>
    </li>
  );
}
