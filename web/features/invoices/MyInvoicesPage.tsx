import clsx from 'clsx';
import { useAtomValue } from 'jotai';
import { FileText } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { InvoiceRecord } from '../../../schema/contracts/invoices';
import { formatMoney } from '../../../schema/contracts/money';
import { dayText } from '../../lib/local-days';
import { usePagedList } from '../../lib/paged-list';
import { signedInUserAtom } from '../../lib/session';
import { useViewerZone } from '../../lib/use-viewer-zone';
import { cardClass, secondaryButton } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import { ListStatus } from '../../ui/ListStatus';
import { Pager } from '../../ui/Pager';
import { invoiceCalls } from './api';
import { statusBadge } from './invoice-words';
import { PayButton } from './PayButton';

const PAGE_SIZE = 20;

function MyInvoice({ invoice, zone }: { invoice: InvoiceRecord; zone: string }) {
  const badge = statusBadge(invoice);
  const students = invoice.students.filter((s) => s._id !== invoice.payer._id).map((s) => s.firstname);
  return (
    <li className={clsx(cardClass, 'p-4 sm:p-5')} data-testid="my-invoice">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-semibold text-slate-900 dark:text-white">
            <Link to={`/portal/invoices/${encodeURIComponent(invoice._id)}`} className="hover:text-brand-deep hover:underline">
              Invoice {invoice.invoiceNumber}
            </Link>
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {students.length > 0 && `For ${students.join(' and ')}. `}
            Issued {dayText(invoice.issuedAt, zone)},{' '}
            {invoice.status === 'PAID' && invoice.paidAt ? `paid ${dayText(invoice.paidAt, zone)}` : `due ${dayText(invoice.dueAt, zone)}`}.
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <p className="text-lg font-bold whitespace-nowrap text-slate-900 tabular-nums dark:text-white">{formatMoney(invoice.total, invoice.currency)}</p>
          <span className={badge.className}>{badge.label}</span>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-start gap-2">
        {invoice.status === 'PENDING' && <PayButton invoice={invoice} />}
        <Link to={`/portal/invoices/${encodeURIComponent(invoice._id)}`} className={secondaryButton}>
          See the invoice
        </Link>
      </div>
    </li>
  );
}

/** /portal/invoices: the invoices a parent (or a student who pays their own) has been sent, each with Pay while it is due. */
export default function MyInvoicesPage() {
  const zone = useViewerZone();
  const user = useAtomValue(signedInUserAtom);
  const payer = user?.role.name === 'PARENT' || user?.role.name === 'STUDENT';
  const { list, goTo, reload } = usePagedList<InvoiceRecord>(
    (offset) => (payer ? invoiceCalls.mine({ limit: PAGE_SIZE, offset }) : Promise.resolve({ docs: [], totalDocs: 0, limit: PAGE_SIZE, offset })),
    String(payer),
  );
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">My invoices</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">What you have been billed for lessons, and what is still to pay.</p>
      {payer ? (
        <ListStatus
          list={list}
          onRetry={() => void reload()}
          className="mt-6"
          empty={
            <EmptyState
              icon={<FileText className="size-6" aria-hidden="true" />}
              title="No invoices yet"
              text="When you are sent an invoice, it shows here and you can pay it."
            />
          }
        >
          <ul className="space-y-3" aria-label="My invoices">
            {list.docs.map((invoice) => (
              <MyInvoice key={invoice._id} invoice={invoice} zone={zone} />
            ))}
          </ul>
          <Pager offset={list.offset} limit={PAGE_SIZE} total={list.totalDocs} onOffset={(offset) => void goTo(offset)} />
        </ListStatus>
      ) : (
        <div className="mt-6">
          <EmptyState
            icon={<FileText className="size-6" aria-hidden="true" />}
            title="Invoices are for families"
            text={
              user?.role.name === 'ADMIN' ? 'Admins find every invoice under Admin, Invoices.' : 'Parents and students see the invoices they are sent here.'
            }
          >
            {user?.role.name === 'ADMIN' && (
              <Link to="/portal/admin/invoices" className={secondaryButton}>
                Open Invoices
              </Link>
            )}
          </EmptyState>
        </div>
      )}
    </div>
  );
}
