import { ShoppingCart } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDuration } from '../../../schema/contracts/durations';
import { formatMoney } from '../../../schema/contracts/money';
import type { PricedPlan } from '../../../schema/contracts/pricing';
import { cardClass, primaryButton } from '../../ui/classes';
import Spinner from '../../ui/Spinner';

/** One plan with what it gives, for how long, and its price for the chosen student; `footer` is how to get it. */
export function PlanCard({ plan, facts, footer }: { plan: PricedPlan; facts: { label: string; value: string }[]; footer: ReactNode }) {
  const headingId = `plan-${plan._id}`;
  return (
    <article aria-labelledby={headingId} className={`${cardClass} flex flex-col p-5`} data-testid="plan">
      <h3 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
        {plan.name}
      </h3>
      {plan.description && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{plan.description}</p>}
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {facts.map((fact) => (
          <div key={fact.label} className="contents">
            <dt className="text-slate-500 dark:text-slate-400">{fact.label}</dt>
            <dd className="font-medium text-slate-900 dark:text-white">{fact.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-2xl font-bold tracking-tight text-slate-900 tabular-nums dark:text-white">
        {formatMoney(plan.price.amount, plan.price.currency)}
      </p>
      <div className="mt-auto pt-4">{footer}</div>
    </article>
  );
}

export const lessonTimeFact = (plan: PricedPlan) => ({ label: 'Lesson time', value: formatDuration(plan.minutes) });

/** The Buy button of a flexible plan, busy while checkout is being prepared. */
export function BuyButton({ label, busy, disabled, onBuy }: { label: string; busy: boolean; disabled: boolean; onBuy: () => void }) {
  return (
    <button type="button" className={`${primaryButton} w-full`} disabled={disabled || busy} onClick={onBuy} aria-label={label}>
      {busy ? <Spinner className="size-4" /> : <ShoppingCart className="size-4" aria-hidden="true" />}
      Buy
    </button>
  );
}
