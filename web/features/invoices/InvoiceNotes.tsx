import type { AdminInvoiceRecord } from '../../../schema/contracts/invoices';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { AdminNotesPanel } from '../../ui/AdminNotesPanel';
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
  return (
    <AdminNotesPanel
      notes={invoice.adminNotes}
      fieldId="invoice-note"
      timeOf={(iso) => lessonTime(iso, zone)}
      canEdit={canEdit}
      add={(note) => invoiceCalls.addNote(invoice._id, note)}
      remove={(noteId) => invoiceCalls.deleteNote(invoice._id, noteId)}
      onChanged={onChanged}
    />
  );
}
