import type { DropdownUser } from '../../../schema/contracts/admin-users';
import { dayEndIso, dayStartIso } from '../../lib/local-time';
import { fullName } from '../../lib/people';
import { DateRangeFields } from '../../ui/DateRangeFields';
import SelectField from '../../ui/SelectField';

export interface RecordFilterValues {
  userId: string;
  from: string;
  to: string;
  /** A sort key with its direction, `paidAt:desc`; empty for the list's own order (newest first). */
  sort: string;
}

export const NO_RECORD_FILTERS: RecordFilterValues = { userId: '', from: '', to: '', sort: '' };

/** Person, a date range and the order: what both admin money lists filter by. */
export function RecordFilters({
  idPrefix,
  label,
  personLabel,
  people,
  sorts,
  filters,
  onChange,
}: {
  idPrefix: string;
  label: string;
  personLabel: string;
  people: DropdownUser[];
  sorts: { value: string; label: string }[];
  filters: RecordFilterValues;
  onChange: (next: Partial<RecordFilterValues>) => void;
}) {
  return (
    <form role="search" aria-label={label} onSubmit={(e) => e.preventDefault()} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <SelectField
        id={`${idPrefix}-person`}
        label={personLabel}
        className="col-span-2 lg:col-span-1"
        value={filters.userId}
        onChange={(e) => onChange({ userId: e.target.value })}
        options={people.map((p) => ({ value: p._id, label: fullName(p, p.email ?? p._id) }))}
        placeholder="Everyone"
      />
      <DateRangeFields idPrefix={idPrefix} from={filters.from} to={filters.to} onChange={onChange} />
      <SelectField
        id={`${idPrefix}-sort`}
        label="Order"
        className="col-span-2 lg:col-span-1"
        value={filters.sort}
        onChange={(e) => onChange({ sort: e.target.value })}
        options={sorts}
        placeholder="Newest first"
      />
    </form>
  );
}

/** The filters as the admin list takes them: whole days in the admin's zone, sortKey and sortValue only when sorting. */
export function recordQuery(filters: RecordFilterValues, zone: string) {
  const [sortKey, sortValue] = filters.sort ? filters.sort.split(':') : [];
  return { userId: filters.userId, startDate: dayStartIso(filters.from, zone), endDate: dayEndIso(filters.to, zone), sortKey, sortValue };
}
