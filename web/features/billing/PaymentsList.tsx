import { useAtomValue } from 'jotai';
import { Receipt } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { formatMoney } from '../../../schema/contracts/money';
import type { PaymentHistoryEntry } from '../../../schema/contracts/payment-records';
import { creditNewsAtom } from '../../entities/payments/credit-news';
import { PaymentStatusBadge } from '../../entities/payments/PaymentStatusBadge';
import { paymentTypeLabels } from '../../entities/payments/payment-words';
import { dayText } from '../../lib/local-days';
import { usePagedList } from '../../lib/paged-list';
import { cardClass } from '../../ui/classes';
import { EmptyState } from '../../ui/EmptyState';
import { InlineLoadFailure } from '../../ui/InlineLoadFailure';
import { LoadingStatus } from '../../ui/LoadingStatus';
import { Pager } from '../../ui/Pager';
import { billingCalls } from './api';

const PAGE = 10;

/** Every payment the family made or that was made for them, newest first. */
export function PaymentsList({ zone, showStudent }: { zone: string; showStudent: boolean }) {
  const { list, reload, goTo } = usePagedList<PaymentHistoryEntry>((offset) => billingCalls.payments(offset, PAGE), 'payments');
  // A payment or refund the inbox reports shows here too, without a reload of the page.
  const news = useAtomValue(creditNewsAtom);
  const reloadList = useRef(reload);
  reloadList.current = reload;
  useEffect(() => {
    if (news) void reloadList.current();
  }, [news]);
  return (
    <section aria-labelledby="payments-heading" className="mt-10">
      <h2 id="payments-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        Payment history
      </h2>
      <div className="mt-4" aria-busy={list.status === 'loading'}>
        {list.status === 'rejected' ? (
          <InlineLoadFailure what="Your payments" onRetry={() => void reload()} />
        ) : !list.loaded ? (
          <LoadingStatus className="py-10" />
        ) : list.docs.length === 0 ? (
          <EmptyState
            icon={<Receipt className="size-6" aria-hidden="true" />}
            title="No payments yet"
            text="Payments you make show here once they go through."
          />
        ) : (
          <>
            <ul className={`${cardClass} divide-y divide-slate-200 dark:divide-slate-800`} aria-label="Payments">
              {list.docs.map((payment) => (
                <PaymentRow key={payment._id} payment={payment} zone={zone} showStudent={showStudent} />
              ))}
            </ul>
            <Pager offset={list.offset} limit={PAGE} total={list.totalDocs} onOffset={(offset) => void goTo(offset)} />
          </>
        )}
      </div>
    </section>
  );
}

function PaymentRow({ payment, zone, showStudent }: { payment: PaymentHistoryEntry; zone: string; showStudent: boolean }) {
  const who = showStudent
    ? `for ${payment.student.firstname || 'your child'}`
    : payment.payer._id !== payment.student._id
      ? `paid by ${payment.payer.firstname || 'your parent'}`
      : null;
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 px-5 py-4" data-testid="payment">
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900 dark:text-white">{payment.description}</p>
        <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
          {[dayText(payment.paidAt, zone), paymentTypeLabels[payment.paymentType], who].filter(Boolean).join(' · ')}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <PaymentStatusBadge status={payment.status} />
        <span className="font-semibold text-slate-900 tabular-nums dark:text-white">{formatMoney(payment.amount, payment.currency)}</span>
      </div>
    </li>
  );
}
