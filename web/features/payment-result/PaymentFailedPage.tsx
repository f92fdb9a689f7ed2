import { CircleX } from 'lucide-react';
import { BuyAgainButton } from './BuyAgainButton';
import { PurchaseLines, ResultLayout } from './ResultLayout';
import { usePayment } from './use-payment';

/** Where a payment that did not go through lands: nothing was taken, and the person is told what to try. */
export default function PaymentFailedPage() {
  const load = usePayment(false);
  const payment = load.state === 'ready' || load.state === 'slow' ? load.payment : null;
  return (
    <ResultLayout
      icon={<CircleX className="size-10 text-rose-600 dark:text-rose-400" aria-hidden="true" />}
      title="Payment failed"
      actions={payment && <BuyAgainButton payment={payment} />}
    >
      {payment && <PurchaseLines payment={payment} />}
      <p>The payment did not go through, and nothing was charged.</p>
      <p>Check the card details or use another card, then try again. If it fails again, your bank can tell you why it declined the payment.</p>
    </ResultLayout>
  );
}
