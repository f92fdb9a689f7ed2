import { NotebookPen, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { type AdminUserRecord, adminNoteInput } from '../../../schema/contracts/admin-users';
import { fullName } from '../../lib/people';
import { cardClass, primaryButton } from '../../ui/classes';
import { TextAreaField } from '../../ui/fields';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { adminUserCalls } from './api';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Notes admins keep on the account; each answer is the whole record, which replaces the page's copy. */
export default function AdminNotes({ user, canEdit, onChange }: { user: AdminUserRecord; canEdit: boolean; onChange: (record: AdminUserRecord) => void }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<string | null>(null);
  const toast = useToast();

  async function add(event: FormEvent) {
    event.preventDefault();
    const parsed = adminNoteInput.safeParse({ note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setBusy('new');
    try {
      onChange(await adminUserCalls.addNote(user._id, parsed.data.note));
      setNote('');
      toast.success('Note added!');
    } catch (err) {
      toast.error(err);
    } finally {
      setBusy(null);
    }
  }

  async function remove(noteId: string) {
    setBusy(noteId);
    try {
      onChange(await adminUserCalls.removeNote(user._id, noteId));
      toast.success('Note deleted!');
    } catch (err) {
      toast.error(err);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="admin-notes-heading" className={`${cardClass} p-5 sm:p-6`}>
      <h2 id="admin-notes-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Admin notes
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Only admins see these.</p>
      {canEdit && (
        <form onSubmit={(e) => void add(e)} noValidate className="mt-4">
          <TextAreaField id="admin-note" label="New note" rows={3} value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} error={error} />
          <div className="mt-3 flex justify-end">
            <button type="submit" className={primaryButton} disabled={busy === 'new'}>
              {busy === 'new' ? <Spinner className="size-4" /> : <NotebookPen className="size-4" aria-hidden="true" />}
              Add note
            </button>
          </div>
        </form>
      )}
      {user.adminNotes.length === 0 ? (
        <p className="mt-4 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-600 dark:bg-slate-800/50 dark:text-slate-400">No notes yet.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {user.adminNotes.map((n) => (
            <li key={n.noteId} className="rounded-xl bg-slate-50 p-4 dark:bg-slate-800/50">
              <div className="flex items-start justify-between gap-3">
                <p className="text-sm whitespace-pre-wrap text-slate-800 dark:text-slate-100">{n.note}</p>
                {canEdit && (
                  <button
                    type="button"
                    aria-label="Delete note"
                    disabled={busy === n.noteId}
                    onClick={() => void remove(n.noteId)}
                    className="shrink-0 rounded-full p-1.5 text-slate-500 hover:bg-rose-50 hover:text-rose-600 focus-visible:outline-2 focus-visible:outline-brand dark:hover:bg-rose-500/10"
                  >
                    {busy === n.noteId ? <Spinner className="size-4" /> : <Trash2 className="size-4" aria-hidden="true" />}
                  </button>
                )}
              </div>
              <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
                {n.author ? fullName(n.author, 'Unnamed') : 'Former admin'} · {when(n.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
