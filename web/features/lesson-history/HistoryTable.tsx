import clsx from 'clsx';
import { formatDuration } from '../../../schema/contracts/durations';
import type { LessonHistoryRecord } from '../../../schema/contracts/lesson-history';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { cardClass, focusRing } from '../../ui/classes';
import {
  concernBadge,
  concernLabels,
  lessonTypeLabel,
  moneyText,
  paymentBadge,
  paymentStatusLabels,
  personName,
  roomTime,
  studentNames,
  timingBadge,
} from './ledger-labels';

const headClass = 'px-3 py-3 font-semibold whitespace-nowrap';
const cellClass = 'px-3 py-3 align-top';

/** A row can be marked paid while it is still processing; a paid one (a pay run's among them) has nothing to mark. */
export const canMarkPaid = (row: LessonHistoryRecord) => row.tutorPaymentStatus === 'PROCESSING' && !row.payRunId;

/**
 * The Completed rows. On a phone the table scrolls sideways with the date, the course and the pay first, so what
 * tells one row from another shows without scrolling.
 */
export function HistoryTable({
  rows,
  zone,
  selection,
  onOpen,
}: {
  rows: LessonHistoryRecord[];
  zone: string;
  selection: { selected: Set<string>; toggle: (id: string) => void; toggleAll: () => void } | null;
  onOpen: (row: LessonHistoryRecord) => void;
}) {
  const markable = rows.filter(canMarkPaid);
  const allSelected = markable.length > 0 && markable.every((row) => selection?.selected.has(row._id));
  return (
    <div className={clsx(cardClass, 'overflow-x-auto')}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Completed lessons</caption>
        <thead className="border-b border-slate-200 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
          <tr>
            {selection && (
              <th scope="col" className={headClass}>
                <input
                  type="checkbox"
                  className="size-4 accent-brand"
                  aria-label="Select every lesson on this page that is still processing"
                  checked={allSelected}
                  disabled={markable.length === 0}
                  onChange={selection.toggleAll}
                />
              </th>
            )}
            <th scope="col" className={headClass}>
              Date
            </th>
            <th scope="col" className={headClass}>
              Course
            </th>
            <th scope="col" className={headClass}>
              Tutor pay
            </th>
            <th scope="col" className={headClass}>
              Payment
            </th>
            <th scope="col" className={headClass}>
              Tutor's timing
            </th>
            <th scope="col" className={headClass}>
              Tutor
            </th>
            <th scope="col" className={headClass}>
              Student
            </th>
            <th scope="col" className={headClass}>
              Length
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map((row) => {
            const when = lessonTime(row.start, zone);
            return (
              <tr
                key={row._id}
                data-testid="history-row"
                data-section-id={row.sectionId}
                onClick={() => onOpen(row)}
                className="cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-800/50"
              >
                {selection && (
                  <td className={cellClass}>
                    <input
                      type="checkbox"
                      className="size-4 accent-brand"
                      aria-label={`Select ${row.course.title} on ${when}`}
                      checked={selection.selected.has(row._id)}
                      disabled={!canMarkPaid(row)}
                      onClick={(e) => e.stopPropagation()}
                      onChange={() => selection.toggle(row._id)}
                    />
                  </td>
                )}
                <td className={clsx(cellClass, 'whitespace-nowrap text-slate-700 dark:text-slate-200')}>{when}</td>
                <td className={clsx(cellClass, 'min-w-40')}>
                  <button
                    type="button"
                    className={clsx('text-left font-semibold text-slate-900 hover:text-brand-deep hover:underline dark:text-white', focusRing)}
                  >
                    {row.course.title || 'Untitled course'}
                  </button>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {row.subject} · {lessonTypeLabel(row.lessonType)}
                  </p>
                </td>
                <td className={clsx(cellClass, 'whitespace-nowrap font-medium text-slate-900 dark:text-white')}>
                  {moneyText(row.netTutorAmount, row.tutorAmountCurrency)}
                </td>
                <td className={cellClass}>
                  <span className="flex flex-col items-start gap-1">
                    <span className={paymentBadge(row.tutorPaymentStatus)}>{paymentStatusLabels[row.tutorPaymentStatus]}</span>
                    {row.concernStatus === 'PENDING' && <span className={concernBadge}>{concernLabels.PENDING}</span>}
                  </span>
                </td>
                <td className={cellClass}>
                  <span className={timingBadge(row.classTimingStatus)}>{row.classTimingStatus}</span>
                </td>
                <td className={clsx(cellClass, 'whitespace-nowrap text-slate-700 dark:text-slate-200')}>{personName(row.paymentTutor)}</td>
                <td className={clsx(cellClass, 'whitespace-nowrap text-slate-700 dark:text-slate-200')}>{studentNames(row)}</td>
                <td className={clsx(cellClass, 'whitespace-nowrap text-slate-600 dark:text-slate-300')}>
                  <p>{formatDuration(row.duration)} booked</p>
                  <p className="text-xs">Tutor in the room: {roomTime(row.tutorSecondsInRoom)}</p>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
