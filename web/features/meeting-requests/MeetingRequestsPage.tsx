import { useAtomValue } from 'jotai';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { LEDGER_MESSAGES } from '../../../schema/contracts/lesson-history';
import {
  type MeetingRequestAnswer,
  type MeetingRequestRecord,
  meetingRequestStatusValues,
  meetingRequestTypeValues,
  requesterRoleValues,
  type TutorAmountTotal,
} from '../../../schema/contracts/meeting-requests';
import { FALLBACK_TIME_ZONE } from '../../../schema/contracts/profile';
import { personOption, usePeople } from '../../entities/accounts/use-people';
import { useAdminGate } from '../../entities/roles/admin-gate';
import { useCan } from '../../entities/roles/admin-permissions';
import { usePagedList } from '../../lib/paged-list';
import { signedInUserAtom } from '../../lib/session';
import { EmptyState } from '../../ui/EmptyState';
import { ListStatus } from '../../ui/ListStatus';
import { Pager } from '../../ui/Pager';
import SelectField from '../../ui/SelectField';
import TextField from '../../ui/TextField';
import { useToast } from '../../ui/toast/use-toast';
import { meetingRequestCalls } from './api';
import RequestCard from './RequestCard';
import RespondDialog from './RespondDialog';
import { requestCount, roleLabels, shiftTotals, statusLabels, totalsSentence, typeLabels } from './request-words';

const PAGE_SIZE = 20;
const ALL_STATUSES = meetingRequestStatusValues.join(',');
const NO_FILTERS = { statuses: 'PENDING', type: '', requestedByRole: '', startDate: '', endDate: '', tutorId: '', studentId: '' };
type Filters = typeof NO_FILTERS;

const options = <K extends string>(values: readonly K[], labels: Record<K, string>) => values.map((value) => ({ value, label: labels[value] }));

/** /portal/admin/meeting-requests: requests to cancel, move or delete lessons, waiting for an admin's answer (spec 1 section 7). */
export default function MeetingRequestsPage() {
  const gate = useAdminGate(
    { meetingRequests: ['view'] },
    { title: 'No access to meeting requests', text: 'Your role does not include meeting requests. Ask an admin who has it.' },
  );
  return gate ?? <RequestsList />;
}

function RequestsList() {
  const user = useAtomValue(signedInUserAtom);
  const zone = user?.timezone || Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_TIME_ZONE;
  const can = useCan();
  const toast = useToast();
  const people = usePeople();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [totals, setTotals] = useState<TutorAmountTotal[]>([]);
  const [responding, setResponding] = useState<MeetingRequestRecord | null>(null);
  const { list, goTo, reload, updated, removed } = usePagedList<MeetingRequestRecord>(async (offset) => {
    const page = await meetingRequestCalls.list({ limit: PAGE_SIZE, offset, ...filters });
    setTotals(page.tutorAmountData ?? []);
    return page;
  }, JSON.stringify(filters));
  const set = (key: keyof Filters) => (event: { target: { value: string } }) => setFilters((current) => ({ ...current, [key]: event.target.value }));
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);

  /** An answered request leaves a list that does not show its new status, and takes its penalty out of the totals. */
  function answered(answer: MeetingRequestAnswer) {
    const before = responding!;
    const stays = filters.statuses.split(',').includes(answer.status);
    setTotals((current) => shiftTotals(current, before, stays ? answer : null));
    if (stays) updated(answer);
    else removed(answer._id);
    setResponding(null);
  }

  async function togglePayment(request: MeetingRequestRecord) {
    const next = request.tutorPaymentStatus === 'PAID' ? 'PROCESSING' : 'PAID';
    try {
      await meetingRequestCalls.setPaymentStatus(request._id, next);
      updated({ ...request, tutorPaymentStatus: next });
      toast.success(LEDGER_MESSAGES.paymentStatusUpdated);
    } catch (error) {
      toast.error(error);
    }
  }

  const money = totalsSentence(totals);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <p className="text-sm font-semibold text-brand-deep">Admin</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Meeting requests</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Requests to cancel, move or delete a lesson, with the penalty the cancellation policy set. Times in {zone.replaceAll('_', ' ')}.
      </p>

      <form role="search" onSubmit={(e) => e.preventDefault()} className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <SelectField
          id="requests-status"
          label="Status"
          value={filters.statuses}
          onChange={set('statuses')}
          options={[...options(meetingRequestStatusValues, statusLabels), { value: ALL_STATUSES, label: 'Any status' }]}
        />
        <SelectField
          id="requests-type"
          label="Type"
          value={filters.type}
          onChange={set('type')}
          placeholder="Any type"
          options={options(meetingRequestTypeValues, typeLabels)}
        />
        <SelectField
          id="requests-role"
          label="Asked by"
          value={filters.requestedByRole}
          onChange={set('requestedByRole')}
          placeholder="Anyone"
          options={options(requesterRoleValues, roleLabels)}
        />
        <SelectField
          id="requests-tutor"
          label="Tutor"
          value={filters.tutorId}
          onChange={set('tutorId')}
          placeholder="Any tutor"
          options={people.tutors.map(personOption)}
        />
        <SelectField
          id="requests-student"
          label="Student"
          value={filters.studentId}
          onChange={set('studentId')}
          placeholder="Any student"
          options={people.students.map(personOption)}
        />
        <TextField
          id="requests-from"
          label="Lessons from"
          type="date"
          value={filters.startDate}
          max={filters.endDate || undefined}
          onChange={set('startDate')}
        />
        <TextField id="requests-to" label="Lessons to" type="date" value={filters.endDate} min={filters.startDate || undefined} onChange={set('endDate')} />
      </form>

      <ListStatus
        list={list}
        onRetry={() => void reload()}
        className="mt-6"
        empty={
          <EmptyState
            icon={<Inbox className="size-6" aria-hidden="true" />}
            title={filtered ? 'No requests match' : 'No requests waiting'}
            text={
              filtered
                ? 'No request matches these filters. Try another status, other dates or fewer filters.'
                : 'When a student, a parent or a tutor asks to cancel, move or delete a lesson, the request waits here for an answer.'
            }
          />
        }
      >
        <p className="mb-3 text-sm text-slate-700 dark:text-slate-200" data-testid="requests-totals" aria-live="polite">
          <span className="font-semibold">{requestCount(list.totalDocs)}</span>
          {money ? ` · penalties ${money}.` : ' · no penalties.'}
        </p>
        <ul className={list.status === 'loading' ? 'space-y-3 opacity-60' : 'space-y-3'}>
          {list.docs.map((request) => (
            <RequestCard
              key={request._id}
              request={request}
              zone={zone}
              canRespond={can({ meetingRequests: ['respond'] })}
              onRespond={() => setResponding(request)}
              onPaymentStatus={() => void togglePayment(request)}
            />
          ))}
        </ul>
        <Pager offset={list.offset} limit={PAGE_SIZE} total={list.totalDocs} onOffset={(offset) => void goTo(offset)} />
      </ListStatus>
      {responding && <RespondDialog request={responding} zone={zone} onClose={() => setResponding(null)} onAnswered={answered} />}
    </div>
  );
}
