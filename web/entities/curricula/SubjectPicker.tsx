import type { CurriculumListItem } from '../../../schema/contracts/learning';
import type { SubjectInput } from '../../../schema/contracts/profile';
import SelectField from '../../ui/SelectField';
import { curriculumNames, gradesOf, subjectsOf } from './catalogue';

const asOptions = (values: string[]) => values.map((value) => ({ value, label: value }));

interface SubjectPickerProps {
  idPrefix: string;
  catalogue: CurriculumListItem[];
  value: SubjectInput;
  onChange: (value: SubjectInput) => void;
  errors?: Record<string, string>;
}

/** Curriculum, subject and grade as dependent selects: each opens after its parent, and changing a parent clears its children. */
export default function SubjectPicker({ idPrefix, catalogue, value, onChange, errors = {} }: SubjectPickerProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <SelectField
        id={`${idPrefix}-curriculum`}
        label="Curriculum"
        required
        placeholder="Select curriculum"
        options={asOptions(curriculumNames(catalogue))}
        value={value.curriculum}
        onChange={(e) => onChange({ curriculum: e.target.value, subject: '', grade: '' })}
        error={errors.curriculum}
      />
      <SelectField
        id={`${idPrefix}-subject`}
        label="Subject"
        required
        placeholder="Select subject"
        disabled={!value.curriculum}
        options={asOptions(subjectsOf(catalogue, value.curriculum).map((s) => s.subject))}
        value={value.subject}
        onChange={(e) => onChange({ ...value, subject: e.target.value, grade: '' })}
        error={errors.subject}
      />
      <SelectField
        id={`${idPrefix}-grade`}
        label="Grade"
        required
        placeholder="Select grade"
        disabled={!value.subject}
        options={asOptions(gradesOf(catalogue, value.curriculum, value.subject))}
        value={value.grade}
        onChange={(e) => onChange({ ...value, grade: e.target.value })}
        error={errors.grade}
      />
    </div>
  );
}
