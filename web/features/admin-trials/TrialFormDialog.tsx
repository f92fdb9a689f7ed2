import { TZDate } from '@date-fns/tz';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { DropdownUser } from '../../../schema/contracts/admin-users';
import type { CurriculumListItem } from '../../../schema/contracts/learning';
import { adminTrialInput, adminTrialUpdate, type Trial, trialOutcomeLabels, trialOutcomes, trialStatuses } from '../../../schema/contracts/trials';
import { personOption } from '../../entities/accounts/use-people';
import { gradesOf, subjectsOf } from '../../entities/curricula/catalogue';
import { fieldErrorsOf, zodFieldErrors } from '../../lib/form-errors';
import { iconButton, primaryButton, secondaryButton } from '../../ui/classes';
import SelectField from '../../ui/SelectField';
import Spinner from '../../ui/Spinner';
import TextField from '../../ui/TextField';
import { useToast } from '../../ui/toast/use-toast';
import { adminTrialCalls } from './api';

interface TrialFormDialogProps {
  /** Null to book a new trial. */
  trial: Trial | null;
  catalogue: CurriculumListItem[];
  people: { students: DropdownUser[]; tutors: DropdownUser[] };
  timeZone: string;
  onClose: () => void;
  onSaved: (trial: Trial, created: boolean) => void;
}

const DURATIONS = [15, 30, 45, 60].map((m) => ({ value: String(m), label: `${m} minutes` }));

/** Book a trial for a student with a tutor, or record how one went (status, outcome, notes). */
export default function TrialFormDialog({ trial, catalogue, people, timeZone, onClose, onSaved }: TrialFormDialogProps) {
  const toast = useToast();
  const [fields, setFields] = useState({
    curriculum: '',
    subject: '',
    grade: '',
    studentId: '',
    tutorId: '',
    start: '',
    duration: '30',
    status: trial?.status ?? 'SCHEDULED',
    outcome: trial?.outcome ?? '',
    notes: trial?.notes ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (key: keyof typeof fields) => (value: string) =>
    setFields((f) => ({ ...f, [key]: value, ...(key === 'curriculum' ? { subject: '', grade: '' } : key === 'subject' ? { grade: '' } : {}) }));

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const common = { status: fields.status, outcome: fields.outcome || null, notes: fields.notes };
    let body: unknown;
    if (trial) {
      const parsed = adminTrialUpdate.safeParse(common);
      if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
      body = common;
    } else {
      // The start is typed as a wall-clock time in the admin's own zone.
      const [date, time] = fields.start.split('T');
      const start = date && time ? new TZDate(`${date}T${time}:00`, timeZone) : null;
      const startDate = start && !Number.isNaN(start.getTime()) ? new Date(start.getTime()).toISOString() : '';
      const endDate = startDate ? new Date(Date.parse(startDate) + Number(fields.duration) * 60_000).toISOString() : '';
      body = {
        curriculum: fields.curriculum,
        subject: fields.subject,
        grade: fields.grade,
        studentId: fields.studentId,
        tutorId: fields.tutorId,
        startDate,
        endDate,
        ...common,
      };
      const parsed = adminTrialInput.safeParse(body);
      if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await adminTrialCalls.save(trial?._id, body);
      toast.success(trial ? 'Trial updated!' : 'Trial created!');
      onSaved(saved, !trial);
      onClose();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast.error(error);
      setSaving(false);
    }
  }

  const options = (values: string[]) => values.map((v) => ({ value: v, label: v }));
  return (
    <Dialog open onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-950/50 backdrop-blur-sm" />
      <div className="fixed inset-0 flex w-screen items-end justify-center p-2 sm:items-center sm:p-4">
        <DialogPanel className="relative max-h-[calc(100dvh-1rem)] w-full max-w-lg overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl ring-1 ring-slate-900/5 dark:bg-slate-900 dark:ring-white/10">
          <button type="button" onClick={onClose} aria-label="Close" className={`absolute top-3 right-3 ${iconButton}`}>
            <X className="size-5" aria-hidden="true" />
          </button>
          <DialogTitle className="text-xl font-bold text-slate-900 dark:text-white">{trial ? 'Edit trial' : 'New trial'}</DialogTitle>
          {trial && (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {trial.subject} ({trial.grade}) · {trial.student ? `${trial.student.firstname} ${trial.student.lastname}` : trial.studentId}
            </p>
          )}
          <form noValidate onSubmit={save} className="mt-5 space-y-4">
            {!trial && (
              <>
                <SelectField
                  id="trial-form-curriculum"
                  label="Curriculum"
                  required
                  value={fields.curriculum}
                  onChange={(e) => set('curriculum')(e.target.value)}
                  options={options(catalogue.map((c) => c.curriculum))}
                  placeholder="Choose…"
                  error={errors.curriculum}
                />
                <div className="grid gap-4 sm:grid-cols-2">
                  <SelectField
                    id="trial-form-subject"
                    label="Subject"
                    required
                    disabled={!fields.curriculum}
                    value={fields.subject}
                    onChange={(e) => set('subject')(e.target.value)}
                    options={options(subjectsOf(catalogue, fields.curriculum).map((s) => s.subject))}
                    placeholder="Choose…"
                    error={errors.subject}
                  />
                  <SelectField
                    id="trial-form-grade"
                    label="Grade"
                    required
                    disabled={!fields.subject}
                    value={fields.grade}
                    onChange={(e) => set('grade')(e.target.value)}
                    options={options(gradesOf(catalogue, fields.curriculum, fields.subject))}
                    placeholder="Choose…"
                    error={errors.grade}
                  />
                </div>
                <SelectField
                  id="trial-form-student"
                  label="Student"
                  required
                  value={fields.studentId}
                  onChange={(e) => set('studentId')(e.target.value)}
                  options={people.students.map(personOption)}
                  placeholder="Choose…"
                  error={errors.studentId}
                />
                <SelectField
                  id="trial-form-tutor"
                  label="Tutor"
                  required
                  value={fields.tutorId}
                  onChange={(e) => set('tutorId')(e.target.value)}
                  options={people.tutors.map(personOption)}
                  placeholder="Choose…"
                  error={errors.tutorId}
                />
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextField
                    id="trial-form-start"
                    label={`Start (${timeZone})`}
                    type="datetime-local"
                    required
                    value={fields.start}
                    onChange={(e) => set('start')(e.target.value)}
                    error={errors.startDate}
                  />
                  <SelectField
                    id="trial-form-duration"
                    label="Length"
                    required
                    value={fields.duration}
                    onChange={(e) => set('duration')(e.target.value)}
                    options={DURATIONS}
                    error={errors.endDate}
                  />
                </div>
              </>
            )}
            <SelectField
              id="trial-form-status"
              label="Status"
              required
              value={fields.status}
              onChange={(e) => set('status')(e.target.value)}
              options={options([...trialStatuses])}
              error={errors.status}
            />
            <SelectField
              id="trial-form-outcome"
              label="Outcome"
              value={fields.outcome}
              onChange={(e) => set('outcome')(e.target.value)}
              options={trialOutcomes.map((o) => ({ value: o, label: trialOutcomeLabels[o] }))}
              placeholder="Not recorded yet"
              error={errors.outcome}
            />
            <div>
              <label htmlFor="trial-form-notes" className="block text-sm font-medium text-slate-700 dark:text-slate-200">
                Notes
              </label>
              <textarea
                id="trial-form-notes"
                rows={3}
                value={fields.notes}
                onChange={(e) => set('notes')(e.target.value)}
                className="mt-1.5 block w-full rounded-xl border-0 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand focus:outline-none sm:text-sm dark:bg-slate-900 dark:text-white dark:ring-slate-700"
              />
            </div>
            <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
              <button type="button" onClick={onClose} className={secondaryButton}>
                Cancel
              </button>
              <button type="submit" disabled={saving} aria-busy={saving} className={primaryButton}>
                {saving && <Spinner className="size-4" />}
                {trial ? 'Save' : 'Book trial'}
              </button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
