import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { PaymentSummary } from '../../../schema/contracts/payments';
import { paymentResultCalls } from './api';

export type PaymentLoad =
  | { state: 'loading' }
  | { state: 'ready'; payment: PaymentSummary; waiting: boolean }
  | { state: 'unknown' }
  | { state: 'slow'; payment: PaymentSummary };

const UNSETTLED = new Set<PaymentSummary['status']>(['OPEN', 'PROCESSING']);
const POLL_MS = 2000;
const POLLS = 15;

/**
 * The payment named by `?payment=`. With `untilSettled`, it is read again while it is open or processing, because
 * Stripe may send the person back before its webhook has reached us; after half a minute the page says so instead.
 */
export function usePayment(untilSettled: boolean): PaymentLoad {
  const [params] = useSearchParams();
  const paymentId = params.get('payment');
  const [load, setLoad] = useState<PaymentLoad>(paymentId ? { state: 'loading' } : { state: 'unknown' });

  useEffect(() => {
    if (!paymentId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async (poll: number) => {
      try {
        const payment = await paymentResultCalls.payment(paymentId, controller.signal);
        const waiting = untilSettled && UNSETTLED.has(payment.status);
        if (waiting && poll >= POLLS) {
          setLoad({ state: 'slow', payment });
          return;
        }
        setLoad({ state: 'ready', payment, waiting });
        if (waiting) timer = setTimeout(() => void read(poll + 1), POLL_MS);
      } catch {
        if (!controller.signal.aborted) setLoad({ state: 'unknown' });
      }
    };
    void read(0);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [paymentId, untilSettled]);

  return load;
}
