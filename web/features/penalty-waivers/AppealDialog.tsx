import { useState } from 'react';
import { appealRespondBody, type PenaltyWaiverRecord } from '../../../schema/contracts/penalty-waivers';
import { sentencesOf } from '../../lib/form-errors';
import { fullName } from '../../lib/people';
import { primaryButton, secondaryButton } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';
import { TextAreaField } from '../../ui/fields';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { useCheckedSubmit } from '../../ui/use-checked-submit';
import { ledgerCalls } from './api';
import { entrySentence } from './entry-words';

type Answer = 'ACCEPTED' | 'REJECTED';

/** An admin accepts (the deduction stops counting) or rejects a tutor's appeal, with a note the tutor reads. */
export default function AppealDialog({
  entry,
  zone,
  onClose,
  onAnswered,
}: {
  entry: PenaltyWaiverRecord;
  zone: string;
  onClose: () => void;
  onAnswered: (entry: PenaltyWaiverRecord) => void;
}) {
  const toast = useToast();
  const [note, setNote] = useState('');
  const [sending, setSending] = useState<Answer | null>(null);
  const { errors, busy, submit } = useCheckedSubmit();
  const shown = sentencesOf(errors, (path) => (path === 'appealAdminNote' ? 'Your answer to the tutor' : 'The answer'));

  async function answer(appealStatus: Answer) {
    setSending(appealStatus);
    await submit(appealRespondBody, { appealStatus, appealAdminNote: note }, async (body) => {
      const saved = await ledgerCalls.respondToAppeal(entry._id, body);
      toast.success(saved.message);
      onAnswered(saved.doc);
    });
    setSending(null);
  }

  return (
    <Dialog open onClose={onClose} title="Respond to the appeal">
      <form onSubmit={(e) => e.preventDefault()} noValidate className="space-y-5">
        <div className="space-y-1 text-sm text-slate-700 dark:text-slate-200">
          <p className="font-medium text-slate-900 dark:text-white">{entrySentence(entry, zone)}</p>
          {entry.note && <p>Reason: “{entry.note}”</p>}
          <p>
            {fullName(entry.tutor, 'The tutor')} appealed: “{entry.appealTutorNote}”
          </p>
        </div>
        <TextAreaField
          id="appeal-note"
          label="Your answer to the tutor"
          rows={3}
          maxLength={2000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={shown.appealAdminNote}
        />
        <p className="text-sm text-slate-600 dark:text-slate-400">Accepting takes the deduction out of the tutor’s pay totals; rejecting leaves it.</p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButton} onClick={onClose}>
            Cancel
          </button>
          <button type="button" className={secondaryButton} disabled={busy} onClick={() => void answer('REJECTED')}>
            {sending === 'REJECTED' && <Spinner className="size-4" />}
            Reject the appeal
          </button>
          <button type="button" className={primaryButton} disabled={busy} onClick={() => void answer('ACCEPTED')}>
            {sending === 'ACCEPTED' && <Spinner className="size-4" />}
            Accept the appeal
          </button>
        </div>
      </form>
    </Dialog>
  );
}
