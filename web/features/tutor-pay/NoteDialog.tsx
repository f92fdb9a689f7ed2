import { Send } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { ZodType } from 'zod';
import { sentencesOf } from '../../lib/form-errors';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';
import { TextAreaField } from '../../ui/fields';
import { useToast } from '../../ui/toast/use-toast';
import { useCheckedSubmit } from '../../ui/use-checked-submit';

interface NoteDialogProps<T, D> {
  title: string;
  /** What the note is about, above the field. */
  about: ReactNode;
  fieldId: string;
  label: string;
  hint: string;
  sendLabel: string;
  /** What the request is called in a sentence about it ("The concern"). */
  subject: string;
  schema: ZodType<T>;
  body: (note: string) => unknown;
  send: (body: T) => Promise<{ message: string; doc: D }>;
  onClose: () => void;
  onSent: (doc: D) => void;
}

/** The tutor writes the admins a note about their pay (a concern, an appeal), checked with the schema the API checks with. */
export function NoteDialog<T, D>({ title, about, fieldId, label, hint, sendLabel, subject, schema, body, send, onClose, onSent }: NoteDialogProps<T, D>) {
  const toast = useToast();
  const [note, setNote] = useState('');
  const { errors, formError, busy, submit } = useCheckedSubmit();
  const shown = sentencesOf(errors, (path) => (path === 'note' ? 'Your note' : subject));
  const firstOther = Object.keys(shown).find((path) => path !== 'note');

  const sendNote = () =>
    submit<T>(schema, body(note), async (checked) => {
      const { message, doc } = await send(checked);
      toast.success(message);
      onSent(doc);
    });

  return (
    <Dialog open onClose={onClose} title={title}>
      <form
        noValidate
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          void sendNote();
        }}
      >
        {about}
        <TextAreaField
          id={fieldId}
          label={label}
          rows={4}
          maxLength={2000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={shown.note ?? (firstOther ? shown[firstOther] : undefined)}
        />
        <p className="text-sm text-slate-600 dark:text-slate-400">{hint}</p>
        {formError && (
          <p role="alert" className="text-sm text-rose-600 dark:text-rose-400">
            {formError}
          </p>
        )}
        <DialogActions onCancel={onClose} busy={busy} icon={<Send className="size-4" aria-hidden="true" />}>
          {sendLabel}
        </DialogActions>
      </form>
    </Dialog>
  );
}
