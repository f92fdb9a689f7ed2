import { CircleSlash } from 'lucide-react';
import { BuyAgainButton } from './BuyAgainButton';
import { PurchaseLines, ResultLayout } from './ResultLayout';
import { usePayment } from './use-payment';

/** Where checkout sends someone who left it without paying. */
export default function PaymentCancelledPage() {
  const load = usePayment(false);
  const payment = load.state === 'ready' || load.state === 'slow' ? load.payment : null;
  return (
    <ResultLayout
      icon={<CircleSlash className="size-10 text-slate-500 dark:text-slate-400" aria-hidden="true" />}
      title="Payment cancelled"
      actions={payment && <BuyAgainButton payment={payment} />}
    >
      {payment && <PurchaseLines payment={payment} />}
      <p>You left checkout before paying, so nothing was charged. You can try again whenever you are ready.</p>
    </ResultLayout>
  );
}
