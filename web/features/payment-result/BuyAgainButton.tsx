import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import type { PaymentSummary } from '../../../schema/contracts/payments';
import { useOpenUrl } from '../../entities/payments/use-open-url';
import { errorMessageText } from '../../lib/errors';
import { primaryButton } from '../../ui/classes';
import Spinner from '../../ui/Spinner';
import { canBuyAgain, paymentResultCalls } from './api';

/** Starts a fresh checkout for the same purchase: the old session is closed, and the price is decided again. */
export function BuyAgainButton({ payment }: { payment: PaymentSummary }) {
  const openUrl = useOpenUrl();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!canBuyAgain(payment)) return null;

  async function start() {
    setBusy(true);
    setError(null);
    try {
      const { url } = await paymentResultCalls.buyAgain(payment);
      openUrl(url);
    } catch (failure) {
      setError(errorMessageText(failure));
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className={primaryButton} disabled={busy} onClick={() => void start()}>
        {busy ? <Spinner className="size-4" /> : <RotateCw className="size-4" aria-hidden="true" />}
        Try again
      </button>
      {error && (
        <p role="alert" className="basis-full text-sm text-rose-700 dark:text-rose-300">
          {error}
        </p>
      )}
    </>
  );
}
