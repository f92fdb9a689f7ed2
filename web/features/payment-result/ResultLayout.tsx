import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDuration } from '../../../schema/contracts/durations';
import { formatMoney } from '../../../schema/contracts/money';
import type { PaymentSummary } from '../../../schema/contracts/payments';
import { cardClass, secondaryButton } from '../../ui/classes';

/** The frame every result page shares: an icon, a heading, what happened in sentences, and the way on. */
export function ResultLayout({ icon, title, children, actions }: { icon: ReactNode; title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-10 sm:py-16" aria-labelledby="payment-result-heading">
      <div className={`p-6 sm:p-8 ${cardClass}`}>
        {icon}
        <h1 id="payment-result-heading" className="mt-4 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
          {title}
        </h1>
        <div className="mt-3 space-y-3 text-slate-700 dark:text-slate-300">{children}</div>
        <div className="mt-8 flex flex-wrap gap-3">
          {actions}
          <Link to="/portal" className={secondaryButton}>
            Go to your portal
          </Link>
        </div>
      </div>
    </section>
  );
}

/** What the payment was for, as the checkout showed it. */
export function PurchaseLines({ payment }: { payment: PaymentSummary }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="purchase">
      <dt className="text-slate-500 dark:text-slate-400">{payment.paymentType === 'INVOICE' ? 'For' : 'Bought'}</dt>
      <dd className="font-medium text-slate-900 dark:text-white">{payment.description}</dd>
      {payment.minutes > 0 && (
        <>
          <dt className="text-slate-500 dark:text-slate-400">Lesson time</dt>
          <dd className="text-slate-900 dark:text-white">{formatDuration(payment.minutes)}</dd>
        </>
      )}
      <dt className="text-slate-500 dark:text-slate-400">Amount</dt>
      <dd className="text-slate-900 tabular-nums dark:text-white">{formatMoney(payment.amount, payment.currency)}</dd>
    </dl>
  );
}
