import { Send } from 'lucide-react';
import { useState } from 'react';
import { appealBody, type PenaltyWaiverRecord } from '../../../schema/contracts/penalty-waivers';
import { sentencesOf } from '../../lib/form-errors';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';
import { TextAreaField } from '../../ui/fields';
import { useToast } from '../../ui/toast/use-toast';
import { useCheckedSubmit } from '../../ui/use-checked-submit';
import { tutorPayCalls } from './api';
import { quoted } from './pay-words';
import { waiverSentence } from './waiver-words';

/** The tutor asks the admins to take back a deduction, once, with a note saying why. */
export function AppealDialog({
  entry,
  zone,
  onClose,
  onAppealed,
}: {
  entry: PenaltyWaiverRecord;
  zone: string;
  onClose: () => void;
  onAppealed: (doc: PenaltyWaiverRecord) => void;
}) {
  const toast = useToast();
  const [note, setNote] = useState('');
  const { errors, formError, busy, submit } = useCheckedSubmit();
  const shown = sentencesOf(errors, (path) => (path === 'note' ? 'Your note' : 'The appeal'));

  const send = () =>
    submit(appealBody, { note }, async (body) => {
      const { message, doc } = await tutorPayCalls.appeal(entry._id, body.note);
      toast.success(message);
      onAppealed(doc);
    });

  return (
    <Dialog open onClose={onClose} title="Appeal this penalty">
      <form
        noValidate
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <div className="space-y-1 text-sm text-slate-700 dark:text-slate-200">
          <p className="font-medium text-slate-900 dark:text-white">{waiverSentence(entry, zone)}</p>
          {entry.note && <p>Reason given: {quoted(entry.note)}</p>}
        </div>
        <TextAreaField
          id="appeal-note"
          label="Why should it be taken back?"
          rows={4}
          maxLength={2000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={shown.note ?? shown.body}
        />
        <p className="text-sm text-slate-600 dark:text-slate-400">
          A penalty can be appealed once. An admin accepts or rejects it, and their answer shows here.
        </p>
        {formError && (
          <p role="alert" className="text-sm text-rose-600 dark:text-rose-400">
            {formError}
          </p>
        )}
        <DialogActions onCancel={onClose} busy={busy} icon={<Send className="size-4" aria-hidden="true" />}>
          Send the appeal
        </DialogActions>
      </form>
    </Dialog>
  );
}
