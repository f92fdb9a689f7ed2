import { CreditCard, TriangleAlert } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { formatDuration } from '../../../schema/contracts/durations';
import { formatMoney } from '../../../schema/contracts/money';
import type { CheckoutAction, SimulatedCheckout } from '../../../schema/contracts/payments';
import { useOpenUrl } from '../../entities/payments/use-open-url';
import { errorMessageText, statusOf } from '../../lib/errors';
import { cardClass, dangerButton, primaryButton, secondaryButton } from '../../ui/classes';
import Spinner from '../../ui/Spinner';
import { devCheckoutCalls } from './api';

type Load = { state: 'loading' } | { state: 'ready'; session: SimulatedCheckout } | { state: 'unavailable' } | { state: 'failed'; message: string };

const closed: Partial<Record<SimulatedCheckout['status'], string>> = {
  PAID: 'This checkout has already been paid.',
  FAILED: 'This checkout has already failed. Start a new purchase to try again.',
  EXPIRED: 'This checkout was abandoned. Start a new purchase to try again.',
};

const actions: { action: CheckoutAction; label: string; hint: string; className: string }[] = [
  { action: 'pay', label: 'Pay', hint: 'as if the card was accepted', className: primaryButton },
  { action: 'fail', label: 'Fail', hint: 'as if the bank declined it', className: dangerButton },
  { action: 'abandon', label: 'Abandon', hint: 'as if the page was closed', className: secondaryButton },
];

/** Local development only: stands in for Stripe's checkout page, and tells our webhook what the person chose. */
export default function DevCheckoutPage() {
  const { sessionId = '' } = useParams();
  const openUrl = useOpenUrl();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [busy, setBusy] = useState<CheckoutAction | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const fetchSession = useCallback(
    async (signal?: AbortSignal) => {
      setLoad({ state: 'loading' });
      try {
        setLoad({ state: 'ready', session: await devCheckoutCalls.session(sessionId, signal) });
      } catch (error) {
        if (signal?.aborted) return;
        setLoad(statusOf(error) === 404 ? { state: 'unavailable' } : { state: 'failed', message: errorMessageText(error) });
      }
    },
    [sessionId],
  );

  useEffect(() => {
    const controller = new AbortController();
    void fetchSession(controller.signal);
    return () => controller.abort();
  }, [fetchSession]);

  async function act(action: CheckoutAction) {
    setBusy(action);
    setActionError(null);
    try {
      const { redirectUrl } = await devCheckoutCalls.act(sessionId, action);
      openUrl(redirectUrl);
    } catch (error) {
      setActionError(errorMessageText(error));
      setBusy(null);
    }
  }

  const session = load.state === 'ready' ? load.session : null;
  const closedText = session ? closed[session.status] : undefined;

  return (
    <section className="mx-auto max-w-xl px-4 py-8 sm:py-12" aria-labelledby="checkout-heading">
      <div
        role="note"
        className="flex items-start gap-3 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-800"
      >
        <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <p>
          <strong className="font-semibold">Simulated checkout: no card is charged.</strong> This is the local stand-in for Stripe.
        </p>
      </div>

      <h1 id="checkout-heading" className="mt-6 flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        <CreditCard className="size-6 text-brand-deep" aria-hidden="true" />
        Checkout
      </h1>

      {load.state === 'loading' && (
        <div className="flex justify-center py-16" aria-live="polite">
          <Spinner className="size-6" />
          <span className="sr-only">Loading the checkout…</span>
        </div>
      )}
      {load.state === 'unavailable' && (
        <p className="mt-8 text-slate-600 dark:text-slate-400">This checkout was not found. Payments here may go through Stripe rather than the simulation.</p>
      )}
      {load.state === 'failed' && (
        <div className="mt-8 space-y-3">
          <p className="text-rose-700 dark:text-rose-300">{load.message}</p>
          <button type="button" onClick={() => void fetchSession()} className={secondaryButton}>
            Try again
          </button>
        </div>
      )}
      {session && (
        <div className={`mt-6 p-6 ${cardClass}`}>
          <dl className="space-y-3">
            <div>
              <dt className="text-sm text-slate-600 dark:text-slate-400">You are buying</dt>
              <dd className="text-lg font-semibold text-slate-900 dark:text-white">{session.description}</dd>
              {session.minutes > 0 && <dd className="text-sm text-slate-600 dark:text-slate-400">{formatDuration(session.minutes)} of lessons</dd>}
            </div>
            <div>
              <dt className="text-sm text-slate-600 dark:text-slate-400">Amount</dt>
              <dd className="text-2xl font-bold text-slate-900 tabular-nums dark:text-white">{formatMoney(session.amount, session.currency)}</dd>
              {session.billingInterval && (
                <dd className="text-sm text-slate-600 dark:text-slate-400">
                  Then again every{' '}
                  {session.intervalCount && session.intervalCount > 1 ? `${session.intervalCount} ${session.billingInterval}s` : session.billingInterval}, until
                  it is cancelled.
                </dd>
              )}
            </div>
          </dl>
          {closedText ? (
            <p className="mt-6 text-slate-700 dark:text-slate-300">{closedText}</p>
          ) : (
            <ul className="mt-6 grid gap-3 sm:grid-cols-3">
              {actions.map(({ action, label, hint, className }) => (
                <li key={action} className="flex flex-col items-stretch gap-1 text-center">
                  <button type="button" className={className} disabled={busy !== null} onClick={() => void act(action)}>
                    {busy === action && <Spinner className="size-4" />}
                    {label}
                  </button>
                  <span className="text-xs text-slate-500 dark:text-slate-400">{hint}</span>
                </li>
              ))}
            </ul>
          )}
          {actionError && (
            <p role="alert" className="mt-4 text-sm text-rose-700 dark:text-rose-300">
              {actionError}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
