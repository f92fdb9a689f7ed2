import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { AdminInvoiceRecord } from '../../../schema/contracts/invoices';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { secondaryButton, smallButton } from '../../ui/classes';
import { TextAreaField } from '../../ui/fields';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { useFormSave } from '../../ui/use-form-save';
import { invoiceCalls } from './api';

/** The admins' own notes on an invoice: payers never see them; those who may edit invoices add and delete them. */
export function InvoiceNotes({
  invoice,
  zone,
  canEdit,
  onChanged,
}: {
  invoice: AdminInvoiceRecord;
  zone: string;
  canEdit: boolean;
  onChanged: (doc: AdminInvoiceRecord) => void;
}) {
  const toast = useToast();
  const [note, setNote] = useState('');
  const { busy, errors, save } = useFormSave();
  const [deleting, setDeleting] = useState<string | null>(null);

  const add = (event: FormEvent) => {
    event.preventDefault();
    void save(async () => {
      const { message, doc } = await invoiceCalls.addNote(invoice._id, note);
      toast.success(message);
      setNote('');
      onChanged(doc);
    });
  };
  const remove = async (noteId: string) => {
    setDeleting(noteId);
    try {
      const { message, doc } = await invoiceCalls.deleteNote(invoice._id, noteId);
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
      {invoice.adminNotes.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">No notes yet.</p>
      ) : (
        <ul className="space-y-2" aria-label="Notes">
          {invoice.adminNotes.map((entry) => (
            <li key={entry._id} className="flex items-start justify-between gap-3 rounded-xl bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
              <div className="min-w-0">
                <p className="break-words whitespace-pre-line text-slate-800 dark:text-slate-100">{entry.note}</p>
                <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{lessonTime(entry.createdAt, zone)}</p>
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
      {canEdit && (
        <form onSubmit={add} className="space-y-2">
          <TextAreaField
            id="invoice-note"
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
      )}
    </div>
  );
}
