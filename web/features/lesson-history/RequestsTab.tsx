import clsx from 'clsx';
import { CalendarX2 } from 'lucide-react';
import { useState } from 'react';
import type { MeetingRequestList, MeetingRequestRecord } from '../../../schema/contracts/meeting-requests';
import { useAdminFilterChoices } from '../../entities/lessons/admin-filter-choices';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { useCan } from '../../entities/roles/admin-permissions';
import { usePagedAnswer } from '../../lib/paged-list';
import { cardClass } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import { Pager } from '../../ui/Pager';
import { TableHead } from '../../ui/TableHead';
import { ledgerCalls } from './api';
import { CurrencyTotals } from './CurrencyTotals';
import { DownloadCsvButton } from './DownloadCsvButton';
import { LedgerListStatus } from './LedgerListStatus';
import {
  moneyText,
  paymentBadge,
  paymentStatusLabels,
  personName,
  requesterLabels,
  requestStatusBadge,
  requestStatusLabels,
  requestTypeLabels,
} from './ledger-labels';
import { NO_REQUEST_FILTERS, RequestFilters, type RequestFilterValues, requestQuery } from './RequestFilters';

const PAGE_SIZE = 20;
const cellClass = 'px-4 py-3 align-top';
const names = (people: MeetingRequestRecord['tutors']) => people.map(personName).join(', ') || 'Nobody';

/** The Reschedule-or-cancellation tab: every request to change a lesson, its penalty and whether the tutor's pay was settled. */
export function RequestsTab({ zone }: { zone: string }) {
  const can = useCan();
  const choices = useAdminFilterChoices();
  const [filters, setFilters] = useState<RequestFilterValues>(NO_REQUEST_FILTERS);
  const query = requestQuery(filters, zone);
  const { list, answer, failure, goTo, reload } = usePagedAnswer<MeetingRequestRecord, MeetingRequestList>(
    (offset) => ledgerCalls.requests({ ...query, includeTutorAmountData: 1, limit: PAGE_SIZE, offset }),
    JSON.stringify(query),
  );
  const filtered = Object.values(filters).some(Boolean);
  return (
    <div>
      <RequestFilters filters={filters} choices={choices} onChange={(next) => setFilters((current) => ({ ...current, ...next }))} />
      {can({ lessonHistory: ['export'] }) && (
        <div className="mt-4">
          <DownloadCsvButton path="/admin/meeting-requests/export.csv" query={{ ...query, timezone: zone }} fallbackName="reschedule-or-cancellation.csv" />
        </div>
      )}
      <LedgerListStatus
        list={list}
        what="Reschedule and cancellation requests"
        failure={failure}
        onRetry={() => void reload()}
        empty={
          <EmptyState
            icon={<CalendarX2 className="size-6" aria-hidden="true" />}
            title={filtered ? 'No requests match' : 'No requests yet'}
            text={
              filtered
                ? 'No reschedule or cancellation requests in these dates and filters. Try wider dates or fewer filters.'
                : 'When someone asks to cancel or move a lesson, the request shows here.'
            }
          />
        }
      >
        <CurrencyTotals label="Penalties in these requests" totals={answer?.tutorAmountData ?? []} testId="request-totals" />
        <div className={clsx(cardClass, 'overflow-x-auto', list.status === 'loading' && 'opacity-60')}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Reschedule and cancellation requests</caption>
            <TableHead
              className="border-b border-slate-200 text-xs whitespace-nowrap text-slate-500 dark:border-slate-800 dark:text-slate-400"
              columns={['Lesson date', 'Request', 'Course', 'Penalty', 'Tutor payment', 'New date', 'Tutors', 'Students', 'Asked by']}
            />
            <tbody className="divide-y divide-slate-100 text-slate-700 dark:divide-slate-800 dark:text-slate-200">
              {list.docs.map((request) => (
                <tr key={request._id} data-testid="request-row">
                  <td className={clsx(cellClass, 'whitespace-nowrap')}>{lessonTime(request.start, zone)}</td>
                  <td className={cellClass}>
                    <span className="flex flex-col items-start gap-1">
                      <span className="font-semibold text-slate-900 dark:text-white">{requestTypeLabels[request.type]}</span>
                      <span className={requestStatusBadge(request.status)}>{requestStatusLabels[request.status]}</span>
                    </span>
                  </td>
                  <td className={clsx(cellClass, 'min-w-40')}>
                    <p className="font-medium text-slate-900 dark:text-white">{request.course.title}</p>
                    <p className="text-xs text-slate-500 dark:text-slate-400">{request.reason}</p>
                  </td>
                  <td className={clsx(cellClass, 'whitespace-nowrap')}>
                    {request.penalty ? moneyText(request.penaltyAmount, request.penaltyCurrency) : 'None'}
                  </td>
                  <td className={cellClass}>
                    <span className={paymentBadge(request.tutorPaymentStatus)}>{paymentStatusLabels[request.tutorPaymentStatus]}</span>
                  </td>
                  <td className={clsx(cellClass, 'whitespace-nowrap')}>{request.newStart ? lessonTime(request.newStart, zone) : 'Not moved'}</td>
                  <td className={clsx(cellClass, 'whitespace-nowrap')}>{names(request.tutors)}</td>
                  <td className={clsx(cellClass, 'whitespace-nowrap')}>{names(request.students)}</td>
                  <td className={clsx(cellClass, 'whitespace-nowrap')}>
                    {requesterLabels[request.requestedByRole]}
                    {request.requestedBy && <span className="block text-xs text-slate-500 dark:text-slate-400">{personName(request.requestedBy)}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager offset={list.offset} limit={PAGE_SIZE} total={list.totalDocs} onOffset={(offset) => void goTo(offset)} />
      </LedgerListStatus>
    </div>
  );
}
