import { Ban, ExternalLink, Pencil, Save, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import type { AdminInvoiceRecord } from '../../../schema/contracts/invoices';
import { lessonTime } from '../../entities/lessons/lesson-time';
import { fieldErrorsOf } from '../../lib/form-errors';
import { todayIn } from '../../lib/local-days';
import { dayEndIso } from '../../lib/local-time';
import { dangerButton, fieldClass, primaryButton, secondaryButton, smallButton } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';
import { errorAria, FieldError, FieldLabel } from '../../ui/fields';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { invoiceCalls } from './api';
import { InvoiceDocument } from './InvoiceDocument';
import { InvoiceNotes } from './InvoiceNotes';
import { payerName } from './invoice-words';
import { type EditableLine, editableLine, invoiceErrorsFrom, LinesEditor, linesInput } from './LinesEditor';

type Busy = 'save' | 'send' | 'void' | null;

const dayIn = (iso: string, zone: string) => todayIn(zone, Date.parse(iso));

/** The edit form of a pending invoice: its lines and its due day. */
function EditInvoice({
  invoice,
  zone,
  onSaved,
  onCancel,
}: {
  invoice: AdminInvoiceRecord;
  zone: string;
  onSaved: (doc: AdminInvoiceRecord) => void;
  onCancel: () => void;
}) {
  const toast = useToast();
  const [lines, setLines] = useState<EditableLine[]>(() => invoice.lines.map((line) => editableLine(line, invoice.currency)));
  const [due, setDue] = useState(() => dayIn(invoice.dueAt, zone));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = linesInput(lines, invoice.currency);
    const problems = { ...parsed.errors, ...(due ? {} : { dueAt: 'Choose the day it falls due.' }) };
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      const { message, doc } = await invoiceCalls.update(invoice._id, { dueAt: dayEndIso(due, zone), lines: parsed.lines });
      toast.success(message);
      onSaved(doc);
    } catch (error) {
      const fields = invoiceErrorsFrom(fieldErrorsOf(error));
      setErrors(fields);
      if (!Object.keys(fields).length) toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void save(e)} className="space-y-4" aria-label={`Edit invoice ${invoice.invoiceNumber}`}>
      <LinesEditor idPrefix={`edit-${invoice._id}`} lines={lines} currency={invoice.currency} errors={errors} onChange={setLines} />
      <div className="max-w-48">
        <FieldLabel id="invoice-due" label="Due on" required />
        <input
          id="invoice-due"
          type="date"
          required
          value={due}
          onChange={(e) => setDue(e.target.value)}
          className={`${fieldClass(errors.dueAt)} mt-1.5`}
          {...errorAria('invoice-due', errors.dueAt)}
        />
        <FieldError id="invoice-due" error={errors.dueAt} />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? <Spinner className="size-4" /> : <Save className="size-4" aria-hidden="true" />}
          Save invoice
        </button>
      </div>
    </form>
  );
}

/**
 * One invoice for the admin: the document itself, when it was sent and reminded, and (for a role that may edit) Edit,
 * Send and Void while it is pending, and the admins' notes.
 */
export function InvoiceDetailDialog({
  invoice,
  issuer,
  zone,
  canEdit,
  onChanged,
  onClose,
}: {
  invoice: AdminInvoiceRecord;
  issuer: string;
  zone: string;
  canEdit: boolean;
  onChanged: (doc: AdminInvoiceRecord) => void;
  onClose: () => void;
}) {
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [confirmVoid, setConfirmVoid] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  const pending = invoice.status === 'PENDING';

  const act = async (kind: Exclude<Busy, null | 'save'>) => {
    setBusy(kind);
    try {
      const { message, doc } = kind === 'send' ? await invoiceCalls.send(invoice._id) : await invoiceCalls.update(invoice._id, { status: 'VOID' });
      toast.success(message);
      setConfirmVoid(false);
      onChanged(doc);
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(null);
    }
  };

  const mailed = [
    invoice.sentAt ? `Sent to the payer ${lessonTime(invoice.sentAt, zone)}.` : 'Not sent to the payer yet.',
    invoice.reminderSentAt ? `Reminded ${lessonTime(invoice.reminderSentAt, zone)}, a week after it fell due.` : null,
  ].filter(Boolean);

  return (
    <Dialog open onClose={onClose} title={`Invoice ${invoice.invoiceNumber} to ${payerName(invoice)}`} wide>
      <div className="space-y-6" data-testid="invoice-detail">
        {editing ? (
          <EditInvoice
            invoice={invoice}
            zone={zone}
            onCancel={() => setEditing(false)}
            onSaved={(doc) => {
              setEditing(false);
              onChanged(doc);
            }}
          />
        ) : (
          <InvoiceDocument invoice={invoice} issuer={issuer} zone={zone} />
        )}

        <p className="text-sm text-slate-600 dark:text-slate-300">{mailed.join(' ')}</p>

        {!editing && (
          <div className="flex flex-wrap gap-2">
            {canEdit && pending && (
              <>
                <button type="button" className={primaryButton} disabled={busy !== null} onClick={() => void act('send')}>
                  {busy === 'send' ? <Spinner className="size-4" /> : <Send className="size-4" aria-hidden="true" />}
                  {invoice.sentAt ? 'Send again' : 'Send to the payer'}
                </button>
                <button type="button" className={secondaryButton} disabled={busy !== null} onClick={() => setEditing(true)}>
                  <Pencil className="size-4" aria-hidden="true" />
                  Edit
                </button>
                <button type="button" className={secondaryButton} disabled={busy !== null} onClick={() => setConfirmVoid(true)}>
                  <Ban className="size-4" aria-hidden="true" />
                  Void
                </button>
              </>
            )}
            <Link to={`/portal/invoices/${encodeURIComponent(invoice._id)}`} className={smallButton}>
              <ExternalLink className="size-3.5" aria-hidden="true" />
              Printable page
            </Link>
          </div>
        )}

        {confirmVoid && (
          <div
            role="alertdialog"
            aria-labelledby="void-question"
            className="rounded-xl bg-rose-50 p-4 ring-1 ring-rose-200 dark:bg-rose-500/10 dark:ring-rose-500/30"
          >
            <p id="void-question" className="text-sm text-rose-900 dark:text-rose-200">
              Void invoice {invoice.invoiceNumber}? It can no longer be paid or changed, and its lessons can be billed again on a new invoice.
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <button type="button" className={dangerButton} disabled={busy !== null} onClick={() => void act('void')}>
                {busy === 'void' ? <Spinner className="size-4" /> : <Ban className="size-4" aria-hidden="true" />}
                Void invoice
              </button>
              <button type="button" className={secondaryButton} onClick={() => setConfirmVoid(false)}>
                Keep it
              </button>
            </div>
          </div>
        )}

        <section aria-labelledby="invoice-notes-heading">
          <h3 id="invoice-notes-heading" className="mb-2 text-base font-semibold text-slate-900 dark:text-white">
            Notes
          </h3>
          <InvoiceNotes invoice={invoice} zone={zone} canEdit={canEdit} onChanged={onChanged} />
        </section>
      </div>
    </Dialog>
  );
}
