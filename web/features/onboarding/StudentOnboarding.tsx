import type { CurriculumListItem } from '../../../schema/contracts/learning';
import { curriculumNames, gradesOfCurriculum, subjectsAtGrade } from '../../entities/curricula/catalogue';
import { timeZoneOptions } from '../../lib/choices';
import SearchSelect from '../../ui/form-fields/SearchSelect';
import SelectField from '../../ui/SelectField';

export interface StudentValues {
  curriculum: string;
  grade: string;
  subjects: string[];
  timezone: string;
}

const asOptions = (values: string[]) => values.map((value) => ({ value, label: value }));

interface Props {
  catalogue: CurriculumListItem[];
  values: StudentValues;
  onChange: (values: StudentValues) => void;
  errors: Record<string, string>;
}

/** Curriculum, then grade, then the subjects taught at that grade; changing a choice clears what depended on it. */
export default function StudentOnboarding({ catalogue, values, onChange, errors }: Props) {
  const subjects = values.curriculum && values.grade ? subjectsAtGrade(catalogue, values.curriculum, values.grade) : [];
  const toggle = (subject: string) =>
    onChange({
      ...values,
      subjects: values.subjects.includes(subject) ? values.subjects.filter((s) => s !== subject) : [...values.subjects, subject],
    });

  return (
    <div className="space-y-6">
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          id="onboarding-curriculum"
          label="Curriculum"
          required
          placeholder="Select curriculum"
          options={asOptions(curriculumNames(catalogue))}
          value={values.curriculum}
          onChange={(e) => onChange({ ...values, curriculum: e.target.value, grade: '', subjects: [] })}
          error={errors.curriculum}
        />
        <SelectField
          id="onboarding-grade"
          label="Grade"
          required
          placeholder="Select grade"
          disabled={!values.curriculum}
          options={asOptions(values.curriculum ? gradesOfCurriculum(catalogue, values.curriculum) : [])}
          value={values.grade}
          onChange={(e) => onChange({ ...values, grade: e.target.value, subjects: [] })}
          error={errors.grade}
        />
      </div>
      <fieldset aria-describedby={errors.subjects ? 'onboarding-subjects-error' : undefined}>
        <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">
          Subjects{' '}
          <span className="text-rose-600 dark:text-rose-400" aria-hidden="true">
            *
          </span>
        </legend>
        {subjects.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">Choose your curriculum and grade to see the subjects.</p>
        ) : (
          <div className="mt-2 flex flex-wrap gap-2">
            {subjects.map((subject) => {
              const checked = values.subjects.includes(subject);
              return (
                <label
                  key={subject}
                  className={`flex cursor-pointer items-center gap-2 rounded-full px-3.5 py-2 text-sm font-medium ring-1 transition ring-inset has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand ${
                    checked
                      ? 'bg-brand/15 text-slate-900 ring-brand dark:text-white'
                      : 'text-slate-700 ring-slate-300 hover:bg-slate-50 dark:text-slate-200 dark:ring-slate-700 dark:hover:bg-slate-800'
                  }`}
                >
                  <input type="checkbox" className="size-4 accent-[var(--brand)]" checked={checked} onChange={() => toggle(subject)} />
                  {subject}
                </label>
              );
            })}
          </div>
        )}
        {errors.subjects && (
          <p id="onboarding-subjects-error" className="mt-1.5 text-sm text-rose-600 dark:text-rose-400">
            {errors.subjects}
          </p>
        )}
      </fieldset>
      <SearchSelect
        id="onboarding-timezone"
        label="Time zone"
        required
        value={values.timezone}
        options={timeZoneOptions()}
        onChange={(timezone) => onChange({ ...values, timezone })}
        error={errors.timezone}
        hint="We guessed this from your device. Lesson times are shown in this zone."
      />
    </div>
  );
}
