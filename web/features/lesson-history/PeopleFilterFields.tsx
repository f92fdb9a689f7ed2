import type { AdminFilterChoices } from '../../entities/lessons/admin-filter-choices';
import SelectField from '../../ui/SelectField';
import { personName } from './ledger-labels';

type PeopleKey = 'tutorId' | 'studentId';

/** Tutor and student choices, "All" when none is picked. */
export function PeopleFilterFields({
  idPrefix,
  choices,
  filters,
  set,
}: {
  idPrefix: string;
  choices: AdminFilterChoices;
  filters: Record<PeopleKey, string>;
  set: (key: PeopleKey, value: string) => void;
}) {
  const options = (people: AdminFilterChoices['tutors']) => people.map((p) => ({ value: p._id, label: personName(p) }));
  return (
    <>
      <SelectField
        id={`${idPrefix}-tutor`}
        label="Tutor"
        value={filters.tutorId}
        onChange={(e) => set('tutorId', e.target.value)}
        options={options(choices.tutors)}
        placeholder="All tutors"
      />
      <SelectField
        id={`${idPrefix}-student`}
        label="Student"
        value={filters.studentId}
        onChange={(e) => set('studentId', e.target.value)}
        options={options(choices.students)}
        placeholder="All students"
      />
    </>
  );
}
