import clsx from 'clsx';
import { useAtomValue } from 'jotai';
import { FileText, ReceiptText } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { DropdownUser } from '../../../schema/contracts/admin-users';
import { type AdminInvoiceRecord, invoiceStatuses } from '../../../schema/contracts/invoices';
import { formatMoney } from '../../../schema/contracts/money';
import { useAdminGate } from '../../entities/roles/admin-gate';
import { useCan } from '../../entities/roles/admin-permissions';
import { tenantNameAtom } from '../../entities/tenant/atoms';
import { dayText } from '../../lib/local-days';
import { usePagedList } from '../../lib/paged-list';
import { fullName } from '../../lib/people';
import { useViewerZone } from '../../lib/use-viewer-zone';
import { cardClass, fieldClass, focusRing, primaryButton } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import { ChoiceField, FieldLabel } from '../../ui/fields';
import { ListStatus } from '../../ui/ListStatus';
import { Pager } from '../../ui/Pager';
import { invoiceCalls } from './api';
import { DrawPanel } from './DrawPanel';
import { InvoiceDetailDialog } from './InvoiceDetailDialog';
import { payerName, statusBadge, statusLabels } from './invoice-words';

const PAGE_SIZE = 20;

function InvoiceRow({ invoice, zone, onOpen }: { invoice: AdminInvoiceRecord; zone: string; onOpen: () => void }) {
  const badge = statusBadge(invoice);
  return (
    <li data-testid="invoice-row">
      <button
        type="button"
        onClick={onOpen}
        className={clsx(
          cardClass,
          focusRing,
          'grid w-full grid-cols-[1fr_auto] gap-x-4 gap-y-1 p-4 text-left transition hover:bg-slate-50 dark:hover:bg-slate-800/50',
        )}
      >
        <span className="min-w-0">
          <span className="block font-semibold text-slate-900 dark:text-white">Invoice {invoice.invoiceNumber}</span>
          <span className="block truncate text-sm text-slate-600 dark:text-slate-300">
            {payerName(invoice)}
            {invoice.students.length > 0 &&
              invoice.students.some((s) => s._id !== invoice.payer._id) &&
              ` for ${invoice.students.map((s) => s.firstname).join(' and ')}`}
          </span>
        </span>
        <span className="text-right font-semibold whitespace-nowrap text-slate-900 tabular-nums dark:text-white">
          {formatMoney(invoice.total, invoice.currency)}
        </span>
        <span className="text-sm text-slate-500 dark:text-slate-400">
          Due {dayText(invoice.dueAt, zone)}
          {invoice.sentAt ? '' : ' · not sent'}
        </span>
        <span className="text-right">
          <span className={badge.className}>{badge.label}</span>
        </span>
      </button>
    </li>
  );
}

function Invoices({ zone }: { zone: string }) {
  const can = useCan();
  const issuer = useAtomValue(tenantNameAtom);
  const [filters, setFilters] = useState({ status: '', userId: '', invoiceNumber: '' });
  const [drawing, setDrawing] = useState(false);
  const [open, setOpen] = useState<AdminInvoiceRecord | null>(null);
  const [payers, setPayers] = useState<DropdownUser[]>([]);
  const number = /^\d+$/.test(filters.invoiceNumber.trim()) ? filters.invoiceNumber.trim() : '';
  const query = { limit: PAGE_SIZE, status: filters.status, userId: filters.userId, invoiceNumber: number };
  const { list, goTo, reload, created, updated } = usePagedList<AdminInvoiceRecord>((offset) => invoiceCalls.list({ ...query, offset }), JSON.stringify(query));
  useEffect(() => {
    const controller = new AbortController();
    invoiceCalls.payers(controller.signal).then(setPayers, () => undefined);
    return () => controller.abort();
  }, []);
  const filtered = Boolean(filters.status || filters.userId || number);

  return (
    <div className="mt-6 space-y-6">
      {can({ invoices: ['create'] }) &&
        (drawing ? (
          <DrawPanel
            zone={zone}
            onCreated={(docs) => {
              for (const doc of docs) created(doc);
              setDrawing(false);
            }}
            onClose={() => setDrawing(false)}
          />
        ) : (
          <button type="button" className={primaryButton} onClick={() => setDrawing(true)}>
            <ReceiptText className="size-4" aria-hidden="true" />
            Draw from lessons
          </button>
        ))}

      <form role="search" onSubmit={(e) => e.preventDefault()} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <ChoiceField id="invoices-status" label="Status" value={filters.status} onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value }))}>
          <option value="">All statuses</option>
          {invoiceStatuses.map((s) => (
            <option key={s} value={s}>
              {statusLabels[s]}
            </option>
          ))}
        </ChoiceField>
        <div>
          <FieldLabel id="invoices-number" label="Invoice number" />
          <input
            id="invoices-number"
            inputMode="numeric"
            value={filters.invoiceNumber}
            onChange={(e) => setFilters((f) => ({ ...f, invoiceNumber: e.target.value }))}
            className={`${fieldClass()} mt-1.5`}
          />
        </div>
        <ChoiceField
          id="invoices-payer"
          label="Payer"
          className="col-span-2 sm:col-span-1"
          value={filters.userId}
          onChange={(e) => setFilters((f) => ({ ...f, userId: e.target.value }))}
        >
          <option value="">Every payer</option>
          {payers.map((p) => (
            <option key={p._id} value={p._id}>
              {fullName(p, p.email ?? p._id)}
            </option>
          ))}
        </ChoiceField>
      </form>

      <ListStatus
        list={list}
        onRetry={() => void reload()}
        className={list.status === 'loading' && list.loaded ? 'opacity-60 transition-opacity' : ''}
        empty={
          <EmptyState
            icon={<FileText className="size-6" aria-hidden="true" />}
            title={filtered ? 'No invoices match' : 'No invoices yet'}
            text={
              filtered
                ? 'Try another status, number or payer.'
                : 'Draw the first ones from last month’s lessons: each family gets one invoice for what they had.'
            }
          />
        }
      >
        <ul className="space-y-3" aria-label="Invoices">
          {list.docs.map((invoice) => (
            <InvoiceRow key={invoice._id} invoice={invoice} zone={zone} onOpen={() => setOpen(invoice)} />
          ))}
        </ul>
        <Pager offset={list.offset} limit={PAGE_SIZE} total={list.totalDocs} onOffset={(offset) => void goTo(offset)} />
      </ListStatus>

      {open && (
        <InvoiceDetailDialog
          key={open._id}
          invoice={open}
          issuer={issuer}
          zone={zone}
          canEdit={can({ invoices: ['edit'] })}
          onClose={() => setOpen(null)}
          onChanged={(doc) => {
            updated(doc);
            setOpen(doc);
          }}
        />
      )}
    </div>
  );
}

/** /portal/admin/invoices (spec 2: Invoices): every invoice with its status and total, one invoice's detail, and the draw. */
export default function AdminInvoicesPage() {
  const zone = useViewerZone();
  const gate = useAdminGate({ invoices: ['view'] }, { title: 'No access to invoices', text: 'Your role does not include invoices. Ask an admin who has it.' });
  return (
    gate ?? (
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
        <p className="text-sm font-semibold text-brand-deep">Admin</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Invoices</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Bills to families, numbered in order: draw them from the lessons, send them, and see which are paid. Dates are days in {zone.replaceAll('_', ' ')}.
        </p>
        <Invoices zone={zone} />
      </div>
    )
  );
}
