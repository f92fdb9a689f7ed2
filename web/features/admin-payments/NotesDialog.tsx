import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { PaymentNote } from '../../../schema/contracts/payment-records';
import { momentText } from '../../entities/payments/payment-words';
import { secondaryButton, smallButton } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';
import { TextAreaField } from '../../ui/fields';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { useFormSave } from '../../ui/use-form-save';
import { adminPaymentCalls, type RecordsPath } from './api';

/**
 * The admins' notes on one payment or balance entry: read by anyone who may view the list, added and deleted by
 * those who may edit it. Each change answers the whole record, which replaces the row in the list.
 */
export function NotesDialog<T extends { _id: string; adminNotes: PaymentNote[] }>({
  path,
  record,
  title,
  zone,
  canEdit,
  onChanged,
  onClose,
}: {
  path: RecordsPath;
  record: T;
  title: string;
  zone: string;
  canEdit: boolean;
  onChanged: (doc: T) => void;
  onClose: () => void;
}) {
  const toast = useToast();
  const [note, setNote] = useState('');
  const { busy, errors, save } = useFormSave();
  const [deleting, setDeleting] = useState<string | null>(null);

  const add = (event: FormEvent) => {
    event.preventDefault();
    void save(async () => {
      const { message, doc } = await adminPaymentCalls.addNote<T>(path, record._id, note);
      toast.success(message);
      setNote('');
      onChanged(doc);
    });
  };
  const remove = async (noteId: string) => {
    setDeleting(noteId);
    try {
      const { message, doc } = await adminPaymentCalls.deleteNote<T>(path, record._id, noteId);
      toast.success(message);
      onChanged(doc);
    } catch (error) {
      toast.error(error);
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Dialog open onClose={onClose} title={title}>
      <div className="space-y-4 text-sm">
        {record.adminNotes.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-300">No notes yet.</p>
        ) : (
          <ul className="space-y-2" aria-label="Notes">
            {record.adminNotes.map((entry) => (
              <li key={entry._id} className="flex items-start justify-between gap-3 rounded-xl bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
                <div className="min-w-0">
                  <p className="break-words whitespace-pre-line text-slate-800 dark:text-slate-100">{entry.note}</p>
                  <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{momentText(entry.createdAt, zone)}</p>
                </div>
                {canEdit && (
                  <button
                    type="button"
                    className={smallButton}
                    aria-label={`Delete the note “${entry.note.slice(0, 40)}”`}
                    disabled={deleting !== null}
                    onClick={() => void remove(entry._id)}
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
          <form onSubmit={add} className="space-y-2">
            <TextAreaField
              id="payment-record-note"
              label="Add a note for other admins"
              rows={3}
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
          <p className="text-slate-600 dark:text-slate-300">Your role can read these notes but not change them.</p>
        )}
      </div>
    </Dialog>
  );
}
