import { CalendarClock, Plus, X } from 'lucide-react';
import { useState } from 'react';
import type { CurriculumListItem } from '../../../schema/contracts/learning';
import { type SubjectInput, subjectInput } from '../../../schema/contracts/profile';
import SubjectPicker from '../../entities/curricula/SubjectPicker';
import { timeZoneOptions } from '../../lib/choices';
import { zodFieldErrors } from '../../lib/form-errors';
import { secondaryButton } from '../../ui/classes';
import SearchSelect from '../../ui/form-fields/SearchSelect';
import TextAreaField from '../../ui/form-fields/TextAreaField';
import TextField from '../../ui/TextField';

export interface TutorValues {
  subjects: SubjectInput[];
  bio: string;
  experience: { title: string; organisation: string; startDate: string };
  timezone: string;
}

const EMPTY: SubjectInput = { curriculum: '', subject: '', grade: '' };
const same = (a: SubjectInput, b: SubjectInput) => a.curriculum === b.curriculum && a.subject === b.subject && a.grade === b.grade;

interface Props {
  catalogue: CurriculumListItem[];
  values: TutorValues;
  onChange: (values: TutorValues) => void;
  errors: Record<string, string>;
}

/** Subjects taught (picked one by one), a short bio, one experience and the time zone. */
export default function TutorOnboarding({ catalogue, values, onChange, errors }: Props) {
  const [choice, setChoice] = useState<SubjectInput>(EMPTY);
  const [choiceErrors, setChoiceErrors] = useState<Record<string, string>>({});

  const addChoice = () => {
    const parsed = subjectInput.safeParse(choice);
    if (!parsed.success) {
      setChoiceErrors(zodFieldErrors(parsed.error));
      return;
    }
    setChoiceErrors({});
    if (!values.subjects.some((s) => same(s, parsed.data))) onChange({ ...values, subjects: [...values.subjects, parsed.data] });
    setChoice({ ...choice, grade: '' });
  };
  const setExperience = (field: keyof TutorValues['experience'], value: string) =>
    onChange({ ...values, experience: { ...values.experience, [field]: value } });

  return (
    <div className="space-y-7">
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-slate-900 dark:text-white">Subjects you teach</legend>
        <SubjectPicker idPrefix="tutor-subject" catalogue={catalogue} value={choice} onChange={setChoice} errors={choiceErrors} />
        <button type="button" className={`${secondaryButton} px-4 py-2`} onClick={addChoice}>
          <Plus className="size-4" aria-hidden="true" />
          Add subject
        </button>
        {values.subjects.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Subjects you teach">
            {values.subjects.map((s) => (
              <li
                key={`${s.curriculum}|${s.subject}|${s.grade}`}
                className="flex items-center gap-1 rounded-full bg-brand/10 py-1 pr-1 pl-3 text-sm ring-1 ring-brand/30 ring-inset"
              >
                {s.subject} · {s.grade} · {s.curriculum}
                <button
                  type="button"
                  aria-label={`Remove ${s.subject} ${s.grade}`}
                  onClick={() => onChange({ ...values, subjects: values.subjects.filter((x) => !same(x, s)) })}
                  className="flex size-6 items-center justify-center rounded-full text-slate-500 hover:bg-rose-100 hover:text-rose-700 dark:hover:bg-rose-950"
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
        {errors.subjects && <p className="text-sm text-rose-600 dark:text-rose-400">{errors.subjects}</p>}
      </fieldset>

      <TextAreaField
        id="onboarding-bio"
        label="About you"
        required
        value={values.bio}
        onChange={(e) => onChange({ ...values, bio: e.target.value })}
        error={errors.bio}
        hint="At least 20 characters. Students read this before their first lesson."
        maxLength={2000}
      />

      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-slate-900 dark:text-white">Your most recent teaching experience</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="onboarding-exp-title"
            label="Role"
            required
            value={values.experience.title}
            onChange={(e) => setExperience('title', e.target.value)}
            error={errors['experience.title']}
            placeholder="Physics teacher"
          />
          <TextField
            id="onboarding-exp-org"
            label="Organisation"
            value={values.experience.organisation}
            onChange={(e) => setExperience('organisation', e.target.value)}
            error={errors['experience.organisation']}
          />
          <TextField
            id="onboarding-exp-start"
            label="Started"
            type="date"
            value={values.experience.startDate}
            onChange={(e) => setExperience('startDate', e.target.value)}
            error={errors['experience.startDate']}
          />
        </div>
      </fieldset>

      <SearchSelect
        id="onboarding-timezone"
        label="Time zone"
        required
        value={values.timezone}
        options={timeZoneOptions()}
        onChange={(timezone) => onChange({ ...values, timezone })}
        error={errors.timezone}
        hint="We guessed this from your device."
      />

      <p className="flex items-start gap-3 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-600 ring-1 ring-slate-200 ring-inset dark:bg-slate-800/60 dark:text-slate-300 dark:ring-slate-700">
        <CalendarClock className="mt-0.5 size-4 shrink-0 text-brand-deep" aria-hidden="true" />
        Your weekly availability is set up with scheduling, which arrives in a later release. Nothing to do for it now.
      </p>
    </div>
  );
}
