import { Save } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { TITLE_MAX } from '../../../schema/contracts/common';
import { formatDuration, lessonDurations } from '../../../schema/contracts/durations';
import { RESOURCE_ACCEPT, type Section, type SectionKind } from '../../../schema/contracts/sections';
import { fieldErrorsOf } from '../../lib/form-errors';
import { fieldBinder, fieldSetter } from '../../lib/form-fields';
import { fromLocalInput, toLocalInput } from '../../lib/local-time';
import { primaryButton, secondaryButton } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';
import { ChoiceField, TextAreaField } from '../../ui/fields';
import Spinner from '../../ui/Spinner';
import TextField from '../../ui/TextField';
import { useToast } from '../../ui/toast/use-toast';
import { sectionCalls } from './api';
import { uploadSectionFile } from './section-files';
import { isMeeting, kindInfo } from './section-kinds';

interface Form {
  title: string;
  description: string;
  parent: string;
  start: string;
  duration: number;
  lessonKind: 'LESSON' | 'TRIAL' | 'DUMMY';
  billingKind: 'BILLABLE' | 'NON_BILLABLE';
  joinUrl: string;
  repeat: number;
  link: string;
  dueAt: string;
}

const DURATIONS = lessonDurations(import.meta.env.PROD);

function initialForm(editing: Section | null, parent: string | null, zone: string): Form {
  return {
    title: editing?.title ?? '',
    description: editing?.description ?? '',
    parent: editing?.parent ?? parent ?? '',
    start: toLocalInput(editing?.start ?? null, zone),
    duration: editing?.duration ?? 60,
    lessonKind: editing?.lessonKind ?? 'LESSON',
    billingKind: editing?.billingKind ?? 'BILLABLE',
    joinUrl: editing?.joinUrl?.startsWith('https://') ? editing.joinUrl : '',
    repeat: 1,
    link: editing?.link ?? '',
    dueAt: toLocalInput(editing?.dueAt ?? null, zone),
  };
}

export interface DialogTarget {
  kind: SectionKind;
  editing: Section | null;
  parent: string | null;
}

/** Adds or edits one section of any kind; the server checks every field and its messages land beside them. */
export default function SectionDialog({
  target,
  courseId,
  sectionsBase,
  parents,
  zone,
  hasTutor,
  onClose,
  onSaved,
}: {
  target: DialogTarget | null;
  courseId: string;
  sectionsBase: string;
  parents: { id: string; title: string }[];
  zone: string;
  /** The server places no lesson on a course without an enabled tutor (the placement rule); say so before the form is filled. */
  hasTutor: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form, setForm] = useState<Form>(() => initialForm(null, null, zone));
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const toast = useToast();
  // The dialog fades out after it is closed: it keeps showing what it was opened for, not a blank "Add section".
  const [shown, setShown] = useState(target);
  if (target && target !== shown) setShown(target);
  const kind = shown?.kind ?? 'SECTION';
  const editing = shown?.editing ?? null;

  useEffect(() => {
    if (!target) return;
    setErrors({});
    setFile(null);
    setForm(initialForm(target.editing, target.parent, zone));
  }, [target, zone]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const bind = fieldBinder(form, errors, fieldSetter(setForm));

  async function save(): Promise<string> {
    const parent = form.parent || null;
    const texts = { title: form.title, description: form.description };
    if (kind === 'SECTION') {
      if (editing) await sectionCalls.renameSection(sectionsBase, editing._id, texts);
      else await sectionCalls.addSection(sectionsBase, { course: courseId, parent, kind, ...texts });
      return editing ? 'Section updated!' : 'Section added!';
    }
    if (isMeeting(kind)) {
      const start = form.start ? fromLocalInput(form.start, zone) : '';
      const lesson = { ...texts, start, duration: form.duration, lessonKind: form.lessonKind, billingKind: form.billingKind, joinUrl: form.joinUrl };
      if (!editing) {
        const repeatWeekly = form.repeat > 1 ? { occurrences: form.repeat, timezone: zone } : undefined;
        await sectionCalls.addLesson(kind, { course: courseId, parent, ...lesson, repeatWeekly });
        return 'Lesson created!';
      }
      const onlyTime =
        texts.title === editing.title &&
        texts.description === editing.description &&
        form.lessonKind === editing.lessonKind &&
        form.billingKind === editing.billingKind;
      if (onlyTime && (start !== editing.start || form.duration !== editing.duration)) {
        await sectionCalls.rescheduleLesson(kind, editing._id, { start, duration: form.duration });
        return 'Lesson Rescheduled!';
      }
      await sectionCalls.updateLesson(kind, editing._id, lesson);
      return 'Lesson Updated!';
    }
    const resource = { ...texts, link: form.link, dueAt: kind === 'HOMEWORK' && form.dueAt ? fromLocalInput(form.dueAt, zone) : undefined };
    const saved = await sectionCalls.saveResource(editing?._id, editing ? resource : { course: courseId, parent, kind, ...resource });
    if (file) await uploadSectionFile(saved._id, file);
    return `${kindInfo[kind].label} ${editing ? 'updated' : 'added'}!`;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      toast.success(await save());
      onSaved();
      onClose();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast.error(error);
    } finally {
      setSaving(false);
    }
  }

  const label = kindInfo[kind].label.toLowerCase();
  const noTutor = isMeeting(kind) && !hasTutor;
  return (
    <Dialog open={Boolean(target)} onClose={onClose} title={editing ? `Edit ${label}` : `Add ${label}`}>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        {noTutor && (
          <p role="alert" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
            This course has no tutor yet, so lessons can't be booked. Add a tutor first.
          </p>
        )}
        <TextField id="section-title" label="Title" required {...bind('title')} maxLength={TITLE_MAX} />
        <TextAreaField id="section-description" label="Description" rows={2} {...bind('description')} />
        {!editing && (
          <ChoiceField id="section-parent" label="Inside" {...bind('parent')}>
            <option value="">Top level of the course</option>
            {parents.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </ChoiceField>
        )}
        {isMeeting(kind) && (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField id="section-start" type="datetime-local" label={`Start (${zone})`} required {...bind('start')} />
            <ChoiceField
              id="section-duration"
              label="Duration"
              value={form.duration}
              onChange={(e) => set('duration', Number(e.target.value))}
              error={errors.duration}
            >
              {DURATIONS.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {formatDuration(minutes)}
                </option>
              ))}
            </ChoiceField>
            <ChoiceField
              id="section-lesson-kind"
              label="Lesson kind"
              value={form.lessonKind}
              onChange={(e) => set('lessonKind', e.target.value as Form['lessonKind'])}
              error={errors.lessonKind}
            >
              <option value="LESSON">Lesson</option>
              <option value="TRIAL">Trial</option>
              {/* The spec's third kind, a practice lesson nobody is billed or paid for, is not offered; one made elsewhere keeps its kind. */}
              {form.lessonKind === 'DUMMY' && <option value="DUMMY">Practice (not billed)</option>}
            </ChoiceField>
            <ChoiceField
              id="section-billing"
              label="Billing"
              value={form.billingKind}
              onChange={(e) => set('billingKind', e.target.value as Form['billingKind'])}
              error={errors.billingKind}
            >
              <option value="BILLABLE">Billable</option>
              <option value="NON_BILLABLE">Not billable</option>
            </ChoiceField>
            <TextField id="section-join-url" label="Video link (optional)" placeholder="https://…" {...bind('joinUrl')} className="sm:col-span-2" />
            {!editing && (
              <TextField
                id="section-repeat"
                type="number"
                min={1}
                max={52}
                label="Weekly lessons in the series"
                value={form.repeat}
                onChange={(e) => set('repeat', Number(e.target.value) || 1)}
                error={errors['repeatWeekly.occurrences'] ?? errors['repeatWeekly.timezone']}
                className="sm:col-span-2"
              />
            )}
          </div>
        )}
        {(kind === 'RESOURCE' || kind === 'HOMEWORK') && (
          <>
            <TextField id="section-link" label="Web link (optional)" placeholder="example.com/notes" {...bind('link')} />
            {kind === 'HOMEWORK' && <TextField id="section-due" type="datetime-local" label={`Due (${zone})`} required {...bind('dueAt')} />}
            <div>
              <label htmlFor="section-file" className="block text-sm font-medium text-slate-700 dark:text-slate-200">
                File (optional, up to 20 MB)
              </label>
              <input
                id="section-file"
                type="file"
                accept={RESOURCE_ACCEPT}
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:rounded-full file:border-0 file:bg-slate-100 file:px-4 file:py-2 file:font-semibold dark:text-slate-200 dark:file:bg-slate-800 dark:file:text-slate-100"
              />
              {errors.file && <p className="mt-1.5 text-sm text-rose-600 dark:text-rose-400">{errors.file}</p>}
            </div>
          </>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButton} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={primaryButton} disabled={saving || noTutor}>
            {saving ? <Spinner className="size-4" /> : <Save className="size-4" aria-hidden="true" />}
            {editing ? 'Save changes' : `Add ${label}`}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
