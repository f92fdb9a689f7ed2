import { classTimingFilterValues, concernStatusValues, tutorPaymentStatusValues } from '../../../schema/contracts/lesson-history';
import { CatalogueFilterFields } from '../../entities/curricula/CatalogueFilterFields';
import { useCatalogue } from '../../entities/curricula/use-catalogue';
import type { AdminFilterChoices } from '../../entities/lessons/admin-filter-choices';
import { dayEndIso, dayStartIso } from '../../lib/local-days';
import SelectField from '../../ui/SelectField';
import { DateRangeFields } from './DateRangeFields';
import { concernLabels, paymentStatusLabels, timingFilterLabels } from './ledger-labels';
import { PeopleFilterFields } from './PeopleFilterFields';

export interface HistoryFilterValues {
  from: string;
  to: string;
  courseId: string;
  tutorId: string;
  studentId: string;
  curriculum: string;
  subject: string;
  grade: string;
  tutorPaymentStatus: string;
  concernStatus: string;
  classTimingStatus: string;
}

export const NO_HISTORY_FILTERS: HistoryFilterValues = {
  from: '',
  to: '',
  courseId: '',
  tutorId: '',
  studentId: '',
  curriculum: '',
  subject: '',
  grade: '',
  tutorPaymentStatus: '',
  concernStatus: '',
  classTimingStatus: '',
};

/** The filters as the list and its export take them; the days are whole days in the admin's zone. */
export function historyQuery({ from, to, ...rest }: HistoryFilterValues, zone: string) {
  return { startDate: dayStartIso(from, zone), endDate: dayEndIso(to, zone), ...rest };
}

const choicesOf = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((value) => ({ value, label: labels[value] }));

/** The Completed tab's filters: every one the admin list takes (spec 1 section 7), plus the class timing. */
export function HistoryFilters({
  filters,
  choices,
  onChange,
}: {
  filters: HistoryFilterValues;
  choices: AdminFilterChoices;
  onChange: (next: Partial<HistoryFilterValues>) => void;
}) {
  const catalogue = useCatalogue();
  // A subject belongs to its curriculum and a grade to its subject: changing one clears what hangs below it.
  const setCatalogue = (key: 'curriculum' | 'subject' | 'grade') => (value: string) =>
    onChange(key === 'curriculum' ? { curriculum: value, subject: '', grade: '' } : key === 'subject' ? { subject: value, grade: '' } : { grade: value });
  return (
    <form
      role="search"
      aria-label="Filter completed lessons"
      onSubmit={(e) => e.preventDefault()}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
    >
      <DateRangeFields idPrefix="history" from={filters.from} to={filters.to} onChange={onChange} />
      <SelectField
        id="history-course"
        label="Course"
        className="col-span-2 sm:col-span-1"
        value={filters.courseId}
        onChange={(e) => onChange({ courseId: e.target.value })}
        options={choices.courses.map((c) => ({ value: c._id, label: c.title }))}
        placeholder="All courses"
      />
      <PeopleFilterFields idPrefix="history" choices={choices} filters={filters} set={(key, value) => onChange({ [key]: value })} />
      <CatalogueFilterFields idPrefix="history" catalogue={catalogue ?? []} filters={filters} set={setCatalogue} />
      <SelectField
        id="history-payment"
        label="Payment"
        value={filters.tutorPaymentStatus}
        onChange={(e) => onChange({ tutorPaymentStatus: e.target.value })}
        options={choicesOf(tutorPaymentStatusValues, paymentStatusLabels)}
        placeholder="Paid or processing"
      />
      <SelectField
        id="history-timing"
        label="Tutor's timing"
        value={filters.classTimingStatus}
        onChange={(e) => onChange({ classTimingStatus: e.target.value })}
        options={choicesOf(classTimingFilterValues, timingFilterLabels)}
        placeholder="Any timing"
      />
      <SelectField
        id="history-concern"
        label="Concern"
        value={filters.concernStatus}
        onChange={(e) => onChange({ concernStatus: e.target.value })}
        options={choicesOf(concernStatusValues, concernLabels)}
        placeholder="With or without a concern"
      />
    </form>
  );
}
