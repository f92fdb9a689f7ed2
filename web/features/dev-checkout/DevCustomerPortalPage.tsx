import { TriangleAlert } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { SimulatedPortal, SubscriptionView } from '../../../schema/contracts/payments';
import { errorMessageText } from '../../lib/errors';
import { cardClass, dangerButton, secondaryButton } from '../../ui/classes';
import Spinner from '../../ui/Spinner';
import { devPortalCalls } from './api';

type Load = { state: 'loading' } | { state: 'ready'; portal: SimulatedPortal } | { state: 'failed'; message: string };

const statusText: Record<SubscriptionView['status'], string> = {
  ACTIVE: 'Active',
  PAST_DUE: 'Payment overdue: the bank is being asked again',
  CANCELED: 'Cancelled',
};

const dateText = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(new Date(iso));

/** Local development only: stands in for Stripe's customer portal, where a payer cancels a subscription. */
export default function DevCustomerPortalPage() {
  const { customerId = '' } = useParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const fetchPortal = useCallback(
    async (signal?: AbortSignal) => {
      setLoad({ state: 'loading' });
      try {
        setLoad({ state: 'ready', portal: await devPortalCalls.portal(customerId, signal) });
      } catch (error) {
        if (!signal?.aborted) setLoad({ state: 'failed', message: errorMessageText(error) });
      }
    },
    [customerId],
  );

  useEffect(() => {
    const controller = new AbortController();
    void fetchPortal(controller.signal);
    return () => controller.abort();
  }, [fetchPortal]);

  async function cancel(subscription: SubscriptionView) {
    setBusy(subscription._id);
    setActionError(null);
    try {
      setLoad({ state: 'ready', portal: await devPortalCalls.cancel(customerId, subscription._id) });
    } catch (error) {
      setActionError(errorMessageText(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="mx-auto max-w-xl px-4 py-8 sm:py-12" aria-labelledby="portal-heading">
      <div
        role="note"
        className="flex items-start gap-3 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-800"
      >
        <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <p>
          <strong className="font-semibold">Simulated customer portal.</strong> This is the local stand-in for Stripe's, where you manage what you pay for.
        </p>
      </div>
      <h1 id="portal-heading" className="mt-6 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        Your subscriptions
      </h1>
      {load.state === 'loading' && (
        <div className="flex justify-center py-16" aria-live="polite">
          <Spinner className="size-6" />
          <span className="sr-only">Loading your subscriptions…</span>
        </div>
      )}
      {load.state === 'failed' && (
        <div className="mt-8 space-y-3">
          <p className="text-rose-700 dark:text-rose-300">{load.message}</p>
          <button type="button" onClick={() => void fetchPortal()} className={secondaryButton}>
            Try again
          </button>
        </div>
      )}
      {load.state === 'ready' && load.portal.subscriptions.length === 0 && (
        <p className="mt-6 text-slate-600 dark:text-slate-400">You do not pay for any subscription.</p>
      )}
      {load.state === 'ready' && load.portal.subscriptions.length > 0 && (
        <ul className="mt-6 space-y-3">
          {load.portal.subscriptions.map((subscription) => (
            <li key={subscription._id} className={`p-5 ${cardClass}`}>
              <p className="font-semibold text-slate-900 dark:text-white">{subscription.description}</p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {statusText[subscription.status]}
                {subscription.status !== 'CANCELED' && subscription.currentPeriodEnd && ` · renews on ${dateText(subscription.currentPeriodEnd)}`}
              </p>
              {subscription.status !== 'CANCELED' && (
                <button type="button" className={`mt-4 ${dangerButton}`} disabled={busy !== null} onClick={() => void cancel(subscription)}>
                  {busy === subscription._id ? 'Cancelling…' : 'Cancel subscription'}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {actionError && (
        <p role="alert" className="mt-4 text-rose-700 dark:text-rose-300">
          {actionError}
        </p>
      )}
      <Link to="/portal/billing" className={`mt-8 inline-flex ${secondaryButton}`}>
        Back to billing
      </Link>
    </section>
  );
}
