import { appealBody, type PenaltyWaiverRecord } from '../../../schema/contracts/penalty-waivers';
import { tutorPayCalls } from './api';
import { NoteDialog } from './NoteDialog';
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
  return (
    <NoteDialog
      title="Appeal this penalty"
      about={
        <div className="space-y-1 text-sm text-slate-700 dark:text-slate-200">
          <p className="font-medium text-slate-900 dark:text-white">{waiverSentence(entry, zone)}</p>
          {entry.note && <p>Reason given: {quoted(entry.note)}</p>}
        </div>
      }
      fieldId="appeal-note"
      label="Why should it be taken back?"
      hint="A penalty can be appealed once. An admin accepts or rejects it, and their answer shows here."
      sendLabel="Send the appeal"
      subject="The appeal"
      schema={appealBody}
      body={(note) => ({ note })}
      send={(body) => tutorPayCalls.appeal(entry._id, body.note)}
      onClose={onClose}
      onSent={onAppealed}
    />
  );
}
