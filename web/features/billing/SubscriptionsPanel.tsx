import { Repeat, Settings } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { CustomerPortalData, SubscriptionView } from '../../../schema/contracts/payments';

import { useOpenUrl } from '../../entities/payments/use-open-url';
import { dayText } from '../../lib/local-days';
import { cardClass, secondaryButton } from '../../ui/classes';
import { InlineLoadFailure } from '../../ui/InlineLoadFailure';
import { billingCalls } from './api';

const statusText: Record<SubscriptionView['status'], string> = {
  ACTIVE: 'Active',
  PAST_DUE: 'The last payment failed: the bank is being asked again',
  CANCELED: 'Cancelled',
};

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; data: CustomerPortalData };

/**
 * The family's subscriptions, and the provider's portal where the payer cancels one or changes the card. Nothing shows
 * until there is a subscription, so families who buy packs only are not shown an empty section.
 */
export function SubscriptionsPanel({ zone, names }: { zone: string; names: Map<string, string> }) {
  const openUrl = useOpenUrl();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    billingCalls.portal(controller.signal).then(
      (data) => setLoad({ state: 'ready', data }),
      () => {
        if (!controller.signal.aborted) setLoad({ state: 'failed' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  if (load.state === 'loading') return null;
  if (load.state === 'failed') {
    return (
      <div className="mt-8">
        <InlineLoadFailure what="Your subscriptions" onRetry={() => setAttempt((n) => n + 1)} />
      </div>
    );
  }
  const { subscriptions, url } = load.data;
  if (subscriptions.length === 0) return null;
  return (
    <section aria-labelledby="subscriptions-heading" className={`${cardClass} mt-8 p-5 sm:p-6`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="subscriptions-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Subscriptions
        </h2>
        {url && (
          <button type="button" className={secondaryButton} onClick={() => openUrl(url)}>
            <Settings className="size-4" aria-hidden="true" />
            Manage subscriptions
          </button>
        )}
      </div>
      <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
        {subscriptions.map((s) => (
          <li key={s._id} className="flex items-start gap-3 py-3" data-testid="subscription">
            <Repeat className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
            <div className="min-w-0">
              <p className="font-medium break-words text-slate-900 dark:text-white">{s.description}</p>
              <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
                {[
                  names.get(s.studentId),
                  statusText[s.status],
                  s.status !== 'CANCELED' && s.currentPeriodEnd ? `renews on ${dayText(s.currentPeriodEnd, zone)}` : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </div>
          </li>
        ))}
      </ul>
      {!url && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Whoever pays for a subscription manages it from their own Billing page.</p>}
    </section>
  );
}
