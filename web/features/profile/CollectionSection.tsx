import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { UserProfile } from '../../../schema/contracts/profile';
import { fieldErrorsOf } from '../../lib/form-errors';
import { iconButton, secondaryButton } from '../../ui/classes';
import { useToast } from '../../ui/toast/use-toast';
import { profileCalls } from './api';
import CollectionForm from './CollectionForm';
import { type CollectionSpec, emptyValues, valuesOf } from './collections';
import ConfirmDialog from './fields/ConfirmDialog';
import FormDialog from './fields/FormDialog';
import SectionCard from './SectionCard';

type Item = UserProfile[CollectionSpec['name']][number];
type Editing = { mode: 'add' } | { mode: 'edit'; item: Item } | null;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

interface CollectionSectionProps {
  spec: CollectionSpec;
  items: Item[];
  onChange: (items: Item[]) => void;
}

/** One sub-collection as a list with add, edit (in a dialog) and delete (after a confirmation). */
export default function CollectionSection({ spec, items, onChange }: CollectionSectionProps) {
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const toast = useToast();
  const noun = capitalised(spec.singular);

  async function save(payload: Record<string, unknown>) {
    try {
      if (editing?.mode === 'edit') {
        const saved = await profileCalls.saveItem(spec.name, editing.item._id, payload);
        onChange(items.map((item) => (item._id === saved._id ? saved : item)));
        toast.success(`${noun} updated!`);
      } else {
        const created = await profileCalls.saveItem(spec.name, undefined, payload);
        onChange([...items, created]);
        toast.success(`${noun} added!`);
      }
      setEditing(null);
      return {};
    } catch (error) {
      toast.error(error);
      return fieldErrorsOf(error);
    }
  }

  async function remove(item: Item) {
    try {
      await profileCalls.removeItem(spec.name, item._id);
      onChange(items.filter((i) => i._id !== item._id));
      toast.success(`${noun} deleted!`);
      setDeleting(null);
    } catch (error) {
      toast.error(error);
    }
  }

  return (
    <SectionCard
      title={spec.title}
      action={
        <button type="button" className={`${secondaryButton} px-3.5 py-1.5`} onClick={() => setEditing({ mode: 'add' })}>
          <Plus className="size-4" aria-hidden="true" />
          Add<span className="sr-only"> {spec.singular}</span>
        </button>
      }
    >
      {items.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{spec.empty}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={spec.title}>
          {items.map((item) => {
            const { title, detail } = spec.summary(item);
            return (
              <li key={item._id} className="flex items-start justify-between gap-3 py-3 first:pt-0 last:pb-0">
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900 dark:text-white">{title}</p>
                  {detail && <p className="text-sm text-slate-600 dark:text-slate-400">{detail}</p>}
                </div>
                <div className="flex shrink-0 gap-1">
                  <button type="button" className={`${iconButton} size-9`} aria-label={`Edit ${title}`} onClick={() => setEditing({ mode: 'edit', item })}>
                    <Pencil className="size-4" aria-hidden="true" />
                  </button>
                  <button type="button" className={`${iconButton} size-9 hover:text-rose-600`} aria-label={`Delete ${title}`} onClick={() => setDeleting(item)}>
                    <Trash2 className="size-4" aria-hidden="true" />
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <FormDialog open={editing !== null} title={editing?.mode === 'edit' ? `Edit ${spec.singular}` : `Add ${spec.singular}`} onClose={() => setEditing(null)}>
        {editing && (
          <CollectionForm
            spec={spec}
            initial={editing.mode === 'edit' ? valuesOf(spec, editing.item) : emptyValues(spec)}
            submitLabel={editing.mode === 'edit' ? 'Save' : 'Add'}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </FormDialog>

      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${spec.singular}?`}
        confirmLabel="Delete"
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      >
        {deleting && <p>“{spec.summary(deleting).title}” will be removed from the profile.</p>}
      </ConfirmDialog>
    </SectionCard>
  );
}
