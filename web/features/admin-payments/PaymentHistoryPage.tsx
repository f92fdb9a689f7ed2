import { Receipt } from 'lucide-react';
import { formatMoney } from '../../../schema/contracts/money';
import type { PaymentHistoryRecord } from '../../../schema/contracts/payment-records';
import { PaymentStatusBadge } from '../../entities/payments/PaymentStatusBadge';
import { momentText, paymentTypeLabels } from '../../entities/payments/payment-words';
import { fullName } from '../../lib/people';
import { AdminRecordsPage, type RecordsPageConfig } from './AdminRecordsPage';

const config: RecordsPageConfig<PaymentHistoryRecord> = {
  path: 'payment-history',
  resource: 'paymentHistory',
  title: 'Payment history',
  intro: 'Every payment taken, who paid it and for whom.',
  noun: 'payment',
  personLabel: 'Payer or student',
  personTypes: 'STUDENT,PARENT',
  sorts: [
    { value: 'paidAt:asc', label: 'Oldest first' },
    { value: 'amount:desc', label: 'Largest amount first' },
    { value: 'amount:asc', label: 'Smallest amount first' },
    { value: 'paymentType:asc', label: 'By payment type' },
    { value: 'description:asc', label: 'By what was bought' },
  ],
  icon: Receipt,
  notesTitle: (payment) => `${payment.description}, ${formatMoney(payment.amount, payment.currency)}`,
  renderRow: (payment, zone) => {
    const payer = fullName(payment.payer, 'Unknown payer');
    const student = fullName(payment.student, 'unknown student');
    return (
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900 dark:text-white">{payment.description}</p>
          <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">
            {payment.payer._id === payment.student._id ? payer : `${payer} for ${student}`} · {momentText(payment.paidAt, zone)}
          </p>
          <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
            {paymentTypeLabels[payment.paymentType]} ·{' '}
            {payment.provider === 'simulated' ? 'Simulated payment' : `Stripe ${payment.providerPaymentId ?? ''}`.trim()}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <PaymentStatusBadge status={payment.status} />
          <span className="text-lg font-semibold text-slate-900 tabular-nums dark:text-white">{formatMoney(payment.amount, payment.currency)}</span>
        </div>
      </div>
    );
  },
};

/** /portal/admin/payment-history (spec 2 sections 2 and 7). */
export default function PaymentHistoryPage() {
  return <AdminRecordsPage config={config} />;
}
