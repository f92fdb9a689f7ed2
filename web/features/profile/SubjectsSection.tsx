import { Plus, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { type SubjectInput, subjectInput, type UserSubject } from '../../../schema/contracts/profile';
import SubjectPicker from '../../entities/curricula/SubjectPicker';
import { useCatalogue } from '../../entities/curricula/use-catalogue';
import { fieldErrorsOf, zodFieldErrors } from '../../lib/form-errors';
import { primaryButton, secondaryButton } from '../../ui/classes';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { profileCalls } from './api';
import FormDialog from './fields/FormDialog';
import SectionCard from './SectionCard';

const EMPTY: SubjectInput = { curriculum: '', subject: '', grade: '' };

/** The add dialog's form; the catalogue is fetched only once someone opens it. */
function AddSubjectForm({ onAdded, onCancel }: { onAdded: (subject: UserSubject) => void; onCancel: () => void }) {
  const [choice, setChoice] = useState<SubjectInput>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const catalogue = useCatalogue({ toastFailure: true });
  const toast = useToast();

  async function add(event: FormEvent) {
    event.preventDefault();
    const parsed = subjectInput.safeParse(choice);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setSaving(true);
    try {
      onAdded(await profileCalls.addSubject(parsed.data));
      toast.success('Subject added!');
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast.error(error);
      setSaving(false);
    }
  }

  if (catalogue === null) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400" role="status">
        <Spinner className="size-4" /> Loading subjects…
      </p>
    );
  }
  return (
    <form noValidate onSubmit={add} className="space-y-5">
      <SubjectPicker idPrefix="add-subject" catalogue={catalogue} value={choice} onChange={setChoice} errors={errors} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={primaryButton} disabled={saving}>
          {saving && <Spinner className="size-4" />}
          Add
        </button>
      </div>
    </form>
  );
}

/** Subjects learnt or taught, picked from the tenant's catalogue; they are added and removed, not edited. */
export default function SubjectsSection({ items, onChange }: { items: UserSubject[]; onChange: (items: UserSubject[]) => void }) {
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const toast = useToast();
  const open = () => setAdding(true);

  async function remove(item: UserSubject) {
    setBusy(item._id);
    try {
      await profileCalls.removeSubject(item._id);
      onChange(items.filter((i) => i._id !== item._id));
      toast.success('Subject removed!');
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(null);
    }
  }

  return (
    <SectionCard
      title="Subjects"
      action={
        <button type="button" className={`${secondaryButton} px-3.5 py-1.5`} onClick={open}>
          <Plus className="size-4" aria-hidden="true" />
          Add<span className="sr-only"> subject</span>
        </button>
      }
    >
      {items.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">No subjects added yet.</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Subjects">
          {items.map((item) => (
            <li
              key={item._id}
              className="flex items-center gap-1 rounded-full bg-brand/10 py-1 pr-1 pl-3 text-sm text-slate-800 ring-1 ring-brand/30 ring-inset dark:text-slate-100"
            >
              <span>
                {item.subject}{' '}
                <span className="text-slate-500 dark:text-slate-400">
                  · {item.grade} · {item.curriculum}
                </span>
              </span>
              <button
                type="button"
                onClick={() => void remove(item)}
                disabled={busy === item._id}
                aria-label={`Remove ${item.subject} ${item.grade}`}
                className="flex size-6 items-center justify-center rounded-full text-slate-500 hover:bg-rose-100 hover:text-rose-700 disabled:opacity-50 dark:hover:bg-rose-950"
              >
                {busy === item._id ? <Spinner className="size-3" /> : <X className="size-3.5" aria-hidden="true" />}
              </button>
            </li>
          ))}
        </ul>
      )}
      <FormDialog open={adding} title="Add subject" onClose={() => setAdding(false)} wide>
        {adding && (
          <AddSubjectForm
            onAdded={(subject) => {
              onChange([...items, subject]);
              setAdding(false);
            }}
            onCancel={() => setAdding(false)}
          />
        )}
      </FormDialog>
    </SectionCard>
  );
}
