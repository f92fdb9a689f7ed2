import type { PaymentNote } from '../../../schema/contracts/payment-records';
import { momentText } from '../../entities/payments/payment-words';
import { AdminNotesPanel } from '../../ui/AdminNotesPanel';
import { Dialog } from '../../ui/Dialog';
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
  return (
    <Dialog open onClose={onClose} title={title}>
      <AdminNotesPanel
        notes={record.adminNotes}
        fieldId="payment-record-note"
        timeOf={(iso) => momentText(iso, zone)}
        canEdit={canEdit}
        readOnlyText="Your role can read these notes but not change them."
        add={(note) => adminPaymentCalls.addNote<T>(path, record._id, note)}
        remove={(noteId) => adminPaymentCalls.deleteNote<T>(path, record._id, noteId)}
        onChanged={onChanged}
      />
    </Dialog>
  );
}
