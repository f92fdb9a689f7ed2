import { meetingRequestStatusValues, meetingRequestTypeValues, requesterRoleValues } from '../../../schema/contracts/meeting-requests';
import type { AdminFilterChoices } from '../../entities/lessons/admin-filter-choices';
import { dayEndIso, dayStartIso } from '../../lib/local-days';
import SelectField from '../../ui/SelectField';
import { DateRangeFields } from './DateRangeFields';
import { requesterLabels, requestStatusLabels, requestTypeLabels } from './ledger-labels';
import { PeopleFilterFields } from './PeopleFilterFields';

export interface RequestFilterValues {
  from: string;
  to: string;
  tutorId: string;
  studentId: string;
  type: string;
  status: string;
  requestedByRole: string;
}

export const NO_REQUEST_FILTERS: RequestFilterValues = { from: '', to: '', tutorId: '', studentId: '', type: '', status: '', requestedByRole: '' };

/** The filters as the list and its export take them: every status unless one is picked (the list alone would show pending ones). */
export function requestQuery({ from, to, status, ...rest }: RequestFilterValues, zone: string) {
  return { startDate: dayStartIso(from, zone), endDate: dayEndIso(to, zone), statuses: status || meetingRequestStatusValues.join(','), ...rest };
}

const choicesOf = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((value) => ({ value, label: labels[value] }));

/** The Reschedule-or-cancellation tab's filters, the ones the admin list and its export both take. */
export function RequestFilters({
  filters,
  choices,
  onChange,
}: {
  filters: RequestFilterValues;
  choices: AdminFilterChoices;
  onChange: (next: Partial<RequestFilterValues>) => void;
}) {
  return (
    <form
      role="search"
      aria-label="Filter reschedule and cancellation requests"
      onSubmit={(e) => e.preventDefault()}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
    >
      <DateRangeFields idPrefix="requests" from={filters.from} to={filters.to} onChange={onChange} />
      <PeopleFilterFields idPrefix="requests" choices={choices} filters={filters} set={(key, value) => onChange({ [key]: value })} />
      <SelectField
        id="requests-type"
        label="Request"
        value={filters.type}
        onChange={(e) => onChange({ type: e.target.value })}
        options={choicesOf(meetingRequestTypeValues, requestTypeLabels)}
        placeholder="Every kind"
      />
      <SelectField
        id="requests-status"
        label="Status"
        value={filters.status}
        onChange={(e) => onChange({ status: e.target.value })}
        options={choicesOf(meetingRequestStatusValues, requestStatusLabels)}
        placeholder="Every status"
      />
      <SelectField
        id="requests-by"
        label="Asked by"
        value={filters.requestedByRole}
        onChange={(e) => onChange({ requestedByRole: e.target.value })}
        options={choicesOf(requesterRoleValues, requesterLabels)}
        placeholder="Anyone"
      />
    </form>
  );
}
