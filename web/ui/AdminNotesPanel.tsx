import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { secondaryButton, smallButton } from './classes';
import { TextAreaField } from './fields';
import Spinner from './Spinner';
import { useToast } from './toast/use-toast';
import { useFormSave } from './use-form-save';

interface Note {
  _id: string;
  note: string;
  createdAt: string;
}

/** What adding or deleting a note answers: the toast's words and the whole record, which replaces the shown one. */
type NoteChange<T> = Promise<{ message: string; doc: T }>;

/**
 * The admins' own notes on a record (a ledger row, an invoice, a payment): read by whoever may view the record,
 * added and deleted by those who may edit it. The record's own calls come in; every change answers the record.
 */
export function AdminNotesPanel<T>({
  notes,
  fieldId,
  timeOf,
  canEdit,
  readOnlyText,
  add,
  remove,
  onChanged,
}: {
  notes: Note[];
  fieldId: string;
  /** When a note was written, in the viewer's words and zone. */
  timeOf: (iso: string) => string;
  canEdit: boolean;
  /** Said where the form would be, to someone who may read the notes only. */
  readOnlyText?: string;
  add: (note: string) => NoteChange<T>;
  remove: (noteId: string) => NoteChange<T>;
  onChanged: (doc: T) => void;
}) {
  const toast = useToast();
  const [note, setNote] = useState('');
  const { busy, errors, save } = useFormSave();
  const [deleting, setDeleting] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(async () => {
      const { message, doc } = await add(note);
      toast.success(message);
      setNote('');
      onChanged(doc);
    });
  };
  const drop = async (noteId: string) => {
    setDeleting(noteId);
    try {
      const { message, doc } = await remove(noteId);
      toast.success(message);
      onChanged(doc);
    } catch (error) {
      toast.error(error);
    } finally {
      setDeleting(null);
    }
  };

  return (
    <div className="space-y-3 text-sm">
      {notes.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">No notes yet.</p>
      ) : (
        <ul className="space-y-2" aria-label="Notes">
          {notes.map((entry) => (
            <li key={entry._id} className="flex items-start justify-between gap-3 rounded-xl bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
              <div className="min-w-0">
                <p className="break-words whitespace-pre-line text-slate-800 dark:text-slate-100">{entry.note}</p>
                <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{timeOf(entry.createdAt)}</p>
              </div>
              {canEdit && (
                <button
                  type="button"
                  className={smallButton}
                  aria-label={`Delete the note “${entry.note.slice(0, 40)}”`}
                  disabled={deleting !== null}
                  onClick={() => void drop(entry._id)}
                >
                  {deleting === entry._id ? <Spinner className="size-3.5" /> : <Trash2 className="size-3.5" aria-hidden="true" />}
                  Delete
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit ? (
        <form onSubmit={submit} className="space-y-2">
          <TextAreaField
            id={fieldId}
            label="Add a note for other admins"
            rows={2}
            maxLength={2000}
            required
            value={note}
            error={errors.note}
            onChange={(e) => setNote(e.target.value)}
          />
          <button type="submit" className={secondaryButton} disabled={busy || !note.trim()}>
            {busy ? <Spinner className="size-4" /> : <Plus className="size-4" aria-hidden="true" />}
            Add note
          </button>
        </form>
      ) : (
        readOnlyText && <p className="text-slate-600 dark:text-slate-300">{readOnlyText}</p>
      )}
    </div>
  );
}
