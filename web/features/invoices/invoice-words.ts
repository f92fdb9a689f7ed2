import type { InvoiceRecord, InvoiceStatus } from '../../../schema/contracts/invoices';
import { badgeClass } from '../../ui/badges';

export const statusLabels: Record<InvoiceStatus, string> = { PENDING: 'Pending', PAID: 'Paid', VOID: 'Void' };

const statusColours: Record<InvoiceStatus | 'OVERDUE', string> = {
  PENDING: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300',
  OVERDUE: 'bg-rose-100 text-rose-800 dark:bg-rose-500/15 dark:text-rose-300',
  PAID: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
  VOID: 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
};

/** The status as a person reads it: a pending invoice past its due day says so. */
export function statusBadge(invoice: Pick<InvoiceRecord, 'status' | 'overdue'>) {
  const key = invoice.overdue ? 'OVERDUE' : invoice.status;
  return {
    label: invoice.overdue ? 'Overdue' : statusLabels[invoice.status],
    className: `${badgeClass} print:ring-1 print:ring-slate-400 ${statusColours[key]}`,
  };
}

export const payerName = (invoice: Pick<InvoiceRecord, 'payer'>) => `${invoice.payer.firstname} ${invoice.payer.lastname}`.trim() || 'Unknown payer';
