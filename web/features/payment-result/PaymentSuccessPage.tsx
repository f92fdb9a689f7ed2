import { useAtomValue } from 'jotai';
import { CircleCheck, Clock } from 'lucide-react';
import { Link } from 'react-router-dom';
import { formatDuration } from '../../../schema/contracts/durations';
import { sessionAtom } from '../../lib/session';
import { primaryButton } from '../../ui/classes';
import Spinner from '../../ui/Spinner';
import { PurchaseLines, ResultLayout } from './ResultLayout';
import { usePayment } from './use-payment';

const doneIcon = <CircleCheck className="size-10 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />;
const waitIcon = <Clock className="size-10 text-amber-600 dark:text-amber-400" aria-hidden="true" />;

/** Where checkout sends the person after paying; the balance shown is read after the payment was recorded. */
export default function PaymentSuccessPage() {
  const load = usePayment(true);
  const actingUserId = useAtomValue(sessionAtom)?.actingUserId;

  if (load.state === 'loading') {
    return (
      <div className="flex justify-center py-24" aria-live="polite">
        <Spinner className="size-6" />
        <span className="sr-only">Loading your payment…</span>
      </div>
    );
  }
  if (load.state === 'unknown') {
    return (
      <ResultLayout icon={waitIcon} title="Thank you">
        <p>We could not find the details of this payment. If you paid, your balance updates as soon as the payment is confirmed.</p>
      </ResultLayout>
    );
  }
  const { payment } = load;
  if (load.state === 'slow' || load.waiting) {
    return (
      <ResultLayout icon={waitIcon} title="Confirming your payment">
        <PurchaseLines payment={payment} />
        <p aria-live="polite">
          {load.state === 'slow'
            ? 'Your bank is taking longer than usual to confirm. The lesson time is added as soon as it does; you can leave this page.'
            : 'Your payment is being confirmed. This page updates by itself.'}
        </p>
      </ResultLayout>
    );
  }
  if (payment.paymentType === 'INVOICE') {
    return (
      <ResultLayout
        icon={doneIcon}
        title="Payment successful"
        actions={
          <Link to={`/portal/invoices/${encodeURIComponent(payment.itemId)}`} className={primaryButton}>
            See the invoice
          </Link>
        }
      >
        <PurchaseLines payment={payment} />
        <p data-testid="invoice-paid">{payment.description} is paid. Thank you.</p>
      </ResultLayout>
    );
  }
  if (payment.paymentType === 'PREMIUM_UPGRADE') {
    const who = payment.studentId === actingUserId ? 'You have' : `${payment.studentName ?? 'Your child'} has`;
    return (
      <ResultLayout
        icon={doneIcon}
        title="Payment successful"
        actions={
          <Link to="/subscriptions#premium" className={primaryButton}>
            See premium
          </Link>
        }
      >
        <PurchaseLines payment={payment} />
        <p data-testid="premium-on">{who} premium now: quizzes, slides and videos are unlimited.</p>
      </ResultLayout>
    );
  }
  const forName = payment.studentId === actingUserId ? 'Your' : payment.studentName ? `${payment.studentName}’s` : 'The';
  return (
    <ResultLayout
      icon={doneIcon}
      title="Payment successful"
      actions={
        <Link to="/portal/billing" className={primaryButton}>
          See billing
        </Link>
      }
    >
      <PurchaseLines payment={payment} />
      <p data-testid="balance">
        {forName} lesson balance is now <strong className="font-semibold text-slate-900 dark:text-white">{formatDuration(payment.balanceMinutes)}</strong>.
      </p>
    </ResultLayout>
  );
}
