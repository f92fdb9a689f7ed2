import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import type { InvoiceRecord } from '../../../schema/contracts/invoices';
import { formatMoney } from '../../../schema/contracts/money';
import { useOpenUrl } from '../../entities/payments/use-open-url';
import { errorMessageText } from '../../lib/errors';
import { primaryButton } from '../../ui/classes';
import Spinner from '../../ui/Spinner';
import { invoiceCalls } from './api';

/**
 * Pays a pending invoice: the server starts Checkout for its total, and the browser follows the session's url (our
 * simulated checkout opens inside the app, Stripe's page by a full load).
 */
export function PayButton({ invoice, className }: { invoice: Pick<InvoiceRecord, '_id' | 'invoiceNumber' | 'total' | 'currency'>; className?: string }) {
  const openUrl = useOpenUrl();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function pay() {
    setBusy(true);
    setError(null);
    try {
      const { url } = await invoiceCalls.pay(invoice._id);
      openUrl(url);
    } catch (failure) {
      setError(errorMessageText(failure));
      setBusy(false);
    }
  }

  return (
    <div className={className}>
      <button
        type="button"
        className={primaryButton}
        disabled={busy}
        onClick={() => void pay()}
        aria-label={`Pay invoice ${invoice.invoiceNumber}, ${formatMoney(invoice.total, invoice.currency)}`}
      >
        {busy ? <Spinner className="size-4" /> : <CreditCard className="size-4" aria-hidden="true" />}
        Pay {formatMoney(invoice.total, invoice.currency)}
      </button>
      {error && (
        <p role="alert" className="mt-2 text-sm text-rose-700 dark:text-rose-300">
          {error}
        </p>
      )}
    </div>
  );
}
