import type { ReactNode } from 'react';
import { formatMoney } from '../../../schema/contracts/money';
import type { MyPay, MyPayCurrency } from '../../../schema/contracts/pay-runs';
import { cardClass } from '../../ui/classes';
import { LoadingStatus } from '../../ui/LoadingStatus';
import { LoadProblem } from './LoadProblem';
import { monthName } from './month';
import { lessonCount } from './pay-words';
import type { Load } from './use-load';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 sm:block">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="font-medium text-slate-900 tabular-nums dark:text-white">{children}</dd>
    </div>
  );
}

/** One currency's month: never added to another currency's. */
function CurrencyCard({ totals }: { totals: MyPayCurrency }) {
  const money = (amount: number) => formatMoney(amount, totals.currency);
  return (
    <li className={`${cardClass} p-4 sm:p-5`} data-testid="pay-currency">
      <p className="text-sm text-slate-600 dark:text-slate-300">Earned in {totals.currency}, after penalties</p>
      <p className="mt-1 text-2xl font-bold tracking-tight text-slate-900 tabular-nums dark:text-white">{money(totals.net)}</p>
      <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-3">
        <Figure label="Paid">{money(totals.paid)}</Figure>
        <Figure label="Still processing">{money(totals.processing)}</Figure>
        <Figure label="Lessons">{totals.lessons}</Figure>
        <Figure label="Penalties">{money(totals.penalty)}</Figure>
        <Figure label="Additions">{money(totals.additions)}</Figure>
        <Figure label="Deductions">{money(totals.deductions)}</Figure>
      </dl>
    </li>
  );
}

/** The month at a glance from the server's figures: per currency what was earned and where it stands, then counts. */
export function PaySummary({ load, month, onRetry }: { load: Load<MyPay>; month: string; onRetry: () => void }) {
  if (load.state === 'loading') return <LoadingStatus className="py-10" />;
  if (load.state === 'failed') return <LoadProblem what="This month's pay" reason={load.reason} onRetry={onRetry} />;
  const pay = load.data;
  const priced = pay.currencies.reduce((sum, c) => sum + c.lessons, 0);
  const unpriced = pay.lessons - priced;
  return (
    <div data-testid="pay-summary">
      {pay.currencies.length ? (
        <ul className="grid gap-3 md:grid-cols-2">
          {pay.currencies.map((totals) => (
            <CurrencyCard key={totals.currency} totals={totals} />
          ))}
        </ul>
      ) : (
        <p className={`${cardClass} p-4 text-sm text-slate-700 sm:p-5 dark:text-slate-200`}>Nothing earned in {monthName(month)} yet.</p>
      )}
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-300" data-testid="pay-counts">
        {lessonCount(pay.lessons)} in {monthName(month)}
        {' · '}
        {pay.openConcerns === 1 ? '1 open concern' : `${pay.openConcerns} open concerns`}
        {unpriced === 1 && '. 1 lesson has no pay recorded; how its pay was worked out, below, says why'}
        {unpriced > 1 && `. ${unpriced} lessons have no pay recorded; how their pay was worked out, below, says why`}.
      </p>
    </div>
  );
}
