import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { formatMoney } from '../../../schema/contracts/money';
import type { PremiumStatus } from '../../../schema/contracts/premium';
import { useOpenUrl } from '../../entities/payments/use-open-url';
import { errorMessageText } from '../../lib/errors';
import { dayText } from '../../lib/local-days';
import { useResource } from '../../lib/use-resource';
import { useViewerZone } from '../../lib/use-viewer-zone';
import { cardClass } from '../../ui/classes';
import { planCalls } from './api';
import { BuyButton } from './PlanCard';

const months = (n: number) => `${n} month${n === 1 ? '' : 's'}`;

/**
 * The tenant's premium upgrade for the chosen student: unlimited practice between lessons. Shows until when the student
 * has it; buying again adds its months to that end. Nothing shows where premium is not on sale and never was bought.
 */
export function PremiumCard({ studentId, forName, canBuy }: { studentId: string; forName: string | null; canBuy: boolean }) {
  const status = useResource<PremiumStatus>(`/stripe/premium/${studentId}`);
  const zone = useViewerZone();
  const openUrl = useOpenUrl();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (status.status !== 'ready') return null;
  const { offer, premium, until } = status.data;
  if (!offer && !premium) return null;

  const buy = async () => {
    setBusy(true);
    setFailure(null);
    try {
      openUrl((await planCalls.buyPremium(studentId)).url);
    } catch (error) {
      setFailure(errorMessageText(error));
      setBusy(false);
    }
  };

  const whose = forName ?? 'You';
  return (
    <section
      id="premium"
      aria-labelledby="premium-heading"
      className={`${cardClass} mt-8 flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:p-6`}
      data-testid="premium"
    >
      <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand/15 text-brand-deep">
        <Sparkles className="size-6" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="premium-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          {offer?.name ?? 'Premium'}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {offer?.description || 'Unlimited quizzes, slides and videos between lessons.'}
          {offer && ` ${formatMoney(offer.amount, offer.currency)} for ${months(offer.months)}, paid once; it does not renew.`}
        </p>
        {premium && until && (
          <p className="mt-2 text-sm font-medium text-emerald-700 dark:text-emerald-300" data-testid="premium-until">
            {whose} {forName ? 'has' : 'have'} premium until {dayText(until, zone)}.
          </p>
        )}
        {failure && (
          <p role="alert" className="mt-2 text-sm text-rose-700 dark:text-rose-300">
            {failure}
          </p>
        )}
      </div>
      {offer && (
        <div className="sm:w-56">
          <BuyButton
            label={`${premium ? `Add ${months(offer.months)} of` : 'Buy'} ${offer.name}${forName ? ` for ${forName}` : ''}`}
            busy={busy}
            disabled={!canBuy}
            onBuy={() => void buy()}
          />
        </div>
      )}
    </section>
  );
}
