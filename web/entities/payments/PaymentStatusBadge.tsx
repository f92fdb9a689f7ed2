import type { PaymentHistoryEntry } from '../../../schema/contracts/payment-records';
import { badgeClass } from '../../ui/badges';

const LOOKS: Record<PaymentHistoryEntry['status'], { label: string; colour: string }> = {
  PAID: { label: 'Paid', colour: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300' },
  REFUNDED: { label: 'Refunded', colour: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200' },
  DISPUTED: { label: 'Disputed', colour: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200' },
};

/** Where a payment stands, in the words its payer and the admins read. */
export function PaymentStatusBadge({ status }: { status: PaymentHistoryEntry['status'] }) {
  const look = LOOKS[status];
  return <span className={`${badgeClass} ${look.colour}`}>{look.label}</span>;
}
