import { Eye, FilePlus2, Send, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { AdminInvoiceRecord, InvoiceDraft, InvoiceDrawPreview } from '../../../schema/contracts/invoices';
import { formatMoney } from '../../../schema/contracts/money';
import { errorMessageText } from '../../lib/errors';
import { fieldErrorsOf } from '../../lib/form-errors';
import { dayText, lastMonthIn, todayIn } from '../../lib/local-days';
import { dayEndIso, dayStartIso } from '../../lib/local-time';
import { cardClass, fieldClass, primaryButton, secondaryButton, smallButton } from '../../ui/classes';
import { DateRangeFields } from '../../ui/DateRangeFields';
import { errorAria, FieldError, FieldLabel } from '../../ui/fields';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { type InvoiceFields, invoiceCalls } from './api';
import { type EditableLine, editableLine, invoiceErrorsFrom, LinesEditor, linesInput, typedTotal } from './LinesEditor';

/** A previewed family's invoice as the admin edits it before it is made. */
interface DraftForm {
  key: string;
  draft: InvoiceDraft;
  include: boolean;
  due: string;
  lines: EditableLine[];
  errors: Record<string, string>;
}

type Preview =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'ready'; period: { periodStart: string; periodEnd: string } }
  | { kind: 'failed'; message: string };

function formOf(draft: InvoiceDraft, zone: string): DraftForm {
  return {
    key: `${draft.payer._id}-${draft.currency}`,
    draft,
    include: true,
    due: todayIn(zone, Date.parse(draft.dueAt)),
    lines: draft.lines.map((line) => {
      const editable = editableLine(line, draft.currency, {
        context: `${line.studentName}, ${dayText(line.lessonStart, zone)}`,
        note: line.priceNote,
        warn: !line.priced,
      });
      // A lesson with no price starts empty, so it cannot be sent at nothing by mistake.
      return line.priced ? editable : { ...editable, price: '' };
    }),
    errors: {},
  };
}

const personName = (draft: InvoiceDraft) => `${draft.payer.firstname} ${draft.payer.lastname}`.trim();

function DraftCard({ form, zone, onChange }: { form: DraftForm; zone: string; onChange: (change: Partial<DraftForm>) => void }) {
  const { draft } = form;
  const id = `draft-${form.key}`;
  return (
    <li className={`${cardClass} p-4 sm:p-5 ${form.include ? '' : 'opacity-60'}`} data-testid="invoice-draft" aria-labelledby={`${id}-name`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`${id}-name`} className="text-base font-semibold text-slate-900 dark:text-white">
            {personName(draft)}
          </h3>
          <p className="text-sm break-all text-slate-600 dark:text-slate-300">
            {draft.payer.email ?? 'No e-mail address: the invoice can be made but not sent.'}
          </p>
        </div>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800 dark:text-slate-100">
          <input type="checkbox" className="size-4 accent-brand" checked={form.include} onChange={(e) => onChange({ include: e.target.checked })} />
          Bill this family
        </label>
      </div>
      {form.include && (
        <div className="mt-4 space-y-4">
          <LinesEditor idPrefix={id} lines={form.lines} currency={draft.currency} errors={form.errors} onChange={(lines) => onChange({ lines })} />
          <div className="max-w-48">
            <FieldLabel id={`${id}-due`} label="Due on" required />
            <input
              id={`${id}-due`}
              type="date"
              required
              value={form.due}
              min={todayIn(zone)}
              onChange={(e) => onChange({ due: e.target.value })}
              className={`${fieldClass(form.errors.dueAt)} mt-1.5`}
              {...errorAria(`${id}-due`, form.errors.dueAt)}
            />
            <FieldError id={`${id}-due`} error={form.errors.dueAt} />
          </div>
        </div>
      )}
    </li>
  );
}

/**
 * Invoices drawn from the lessons: pick a period (last month first) and preview one invoice per family from the
 * ledger's recorded lessons, each at the student's price; untick a family, edit lines, then make them all at once,
 * sent to the families or kept to send later.
 */
export function DrawPanel({ zone, onCreated, onClose }: { zone: string; onCreated: (docs: AdminInvoiceRecord[]) => void; onClose: () => void }) {
  const toast = useToast();
  const [range, setRange] = useState(() => lastMonthIn(zone));
  const [preview, setPreview] = useState<Preview>({ kind: 'none' });
  const [forms, setForms] = useState<DraftForm[]>([]);
  const [making, setMaking] = useState<'send' | 'keep' | null>(null);
  const chosen = forms.filter((f) => f.include);

  const look = async (event: FormEvent) => {
    event.preventDefault();
    const period = { periodStart: dayStartIso(range.from, zone) ?? '', periodEnd: dayEndIso(range.to, zone) ?? '' };
    setPreview({ kind: 'loading' });
    try {
      const answer: InvoiceDrawPreview = await invoiceCalls.preview(period);
      setForms(answer.drafts.map((draft) => formOf(draft, zone)));
      setPreview({ kind: 'ready', period });
    } catch (error) {
      setPreview({ kind: 'failed', message: errorMessageText(error) });
    }
  };

  const make = async (send: boolean) => {
    if (preview.kind !== 'ready') return;
    const checked = forms.map((form) => {
      const { lines, errors } = linesInput(form.lines, form.draft.currency);
      const problems = { ...errors, ...(form.due ? {} : { dueAt: 'Choose the day it falls due.' }) };
      return { form, fields: { userId: form.draft.payer._id, currency: form.draft.currency, dueAt: dayEndIso(form.due, zone) ?? '', lines }, problems };
    });
    setForms(checked.map(({ form, problems }) => ({ ...form, errors: form.include ? problems : {} })));
    const included = checked.filter((c) => c.form.include);
    if (!included.length || included.some((c) => Object.keys(c.problems).length)) return;
    setMaking(send ? 'send' : 'keep');
    try {
      const { message, docs } = await invoiceCalls.draw(
        preview.period,
        included.map((c): InvoiceFields => c.fields),
        send,
      );
      toast.success(message);
      setForms([]);
      setPreview({ kind: 'none' });
      onCreated(docs);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setForms((current) => {
        const keys = included.map((c) => c.form.key);
        return current.map((form) => {
          const at = keys.indexOf(form.key);
          return at < 0 ? form : { ...form, errors: invoiceErrorsFrom(fields, `invoices.${at}.`) };
        });
      });
      if (!Object.keys(fields).length) toast.error(error);
    } finally {
      setMaking(null);
    }
  };

  const totals = new Map<string, number>();
  for (const form of chosen) totals.set(form.draft.currency, (totals.get(form.draft.currency) ?? 0) + typedTotal(form.lines, form.draft.currency));
  const totalText = [...totals].map(([currency, amount]) => formatMoney(amount, currency)).join(' and ');

  return (
    <section aria-labelledby="draw-heading" className={`${cardClass} p-5 sm:p-6`}>
      <div className="flex items-start justify-between gap-3">
        <h2 id="draw-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Draw invoices from lessons
        </h2>
        <button type="button" className={smallButton} onClick={onClose}>
          <X className="size-3.5" aria-hidden="true" />
          Close
        </button>
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        One invoice per family for the lessons recorded in the period that are not billed yet, each at the student’s hourly price. Dates are days in{' '}
        {zone.replaceAll('_', ' ')}.
      </p>
      <form onSubmit={(e) => void look(e)} className="mt-4 grid grid-cols-2 items-end gap-3 sm:grid-cols-3">
        <DateRangeFields
          idPrefix="draw"
          from={range.from}
          to={range.to}
          required
          onChange={(next) => {
            setRange((r) => ({ ...r, ...next }));
            setPreview({ kind: 'none' });
          }}
        />
        <button type="submit" className={`${secondaryButton} col-span-2 sm:col-span-1`} disabled={preview.kind === 'loading' || !range.from || !range.to}>
          {preview.kind === 'loading' ? <Spinner className="size-4" /> : <Eye className="size-4" aria-hidden="true" />}
          Preview invoices
        </button>
      </form>

      <div className="mt-5" aria-live="polite">
        {preview.kind === 'failed' && (
          <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
            The preview could not be made. {preview.message}
          </p>
        )}
        {preview.kind === 'ready' && forms.length === 0 && (
          <p className="text-sm text-slate-600 dark:text-slate-300">Every lesson recorded in these dates is billed already, or none was recorded.</p>
        )}
        {preview.kind === 'ready' && forms.length > 0 && (
          <div className="space-y-4">
            <ul className="space-y-4" aria-label="Invoices to make">
              {forms.map((form) => (
                <DraftCard
                  key={form.key}
                  form={form}
                  zone={zone}
                  onChange={(change) => setForms((current) => current.map((f) => (f.key === form.key ? { ...f, ...change } : f)))}
                />
              ))}
            </ul>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-700 dark:text-slate-200" data-testid="draw-summary">
                {chosen.length === 0
                  ? 'Tick at least one family to bill.'
                  : `${chosen.length} ${chosen.length === 1 ? 'invoice' : 'invoices'}, ${totalText} in all.`}
              </p>
              <div className="flex flex-col-reverse gap-2 sm:flex-row">
                <button type="button" className={secondaryButton} disabled={making !== null || chosen.length === 0} onClick={() => void make(false)}>
                  {making === 'keep' ? <Spinner className="size-4" /> : <FilePlus2 className="size-4" aria-hidden="true" />}
                  Make without sending
                </button>
                <button type="button" className={primaryButton} disabled={making !== null || chosen.length === 0} onClick={() => void make(true)}>
                  {making === 'send' ? <Spinner className="size-4" /> : <Send className="size-4" aria-hidden="true" />}
                  Send invoices
                </button>
              </div>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
