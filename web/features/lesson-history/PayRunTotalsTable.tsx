import clsx from 'clsx';
import { formatMoney } from '../../../schema/contracts/money';
import type { PayRunPreview } from '../../../schema/contracts/pay-runs';
import { cardClass } from '../../ui/classes';
import { TableHead } from '../../ui/TableHead';
import { CurrencyTotals } from './CurrencyTotals';
import { personName } from './ledger-labels';

const cellClass = 'px-4 py-3 align-top whitespace-nowrap';

/** What a run pays (or would pay): the total per currency, then one line per tutor and currency, the net first. */
export function PayRunTotalsTable({ run, label }: { run: Pick<PayRunPreview, 'totals' | 'currencies'>; label: string }) {
  return (
    <div>
      <CurrencyTotals label={label} totals={run.currencies.map((c) => ({ currency: c.currency, amount: c.net }))} testId="pay-run-currencies" />
      <div className={clsx(cardClass, 'overflow-x-auto')}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Pay per tutor</caption>
          <TableHead
            className="border-b border-slate-200 text-xs whitespace-nowrap text-slate-500 dark:border-slate-800 dark:text-slate-400"
            columns={['Tutor', 'Net pay', 'Lessons', 'Lesson pay', 'Penalties', 'Additions', 'Deductions']}
          />
          <tbody className="divide-y divide-slate-100 text-slate-700 dark:divide-slate-800 dark:text-slate-200">
            {run.totals.map((t) => {
              const money = (amount: number) => formatMoney(amount, t.currency);
              return (
                <tr key={`${t.tutor._id}-${t.currency}`} data-testid="pay-run-tutor">
                  <td className={cellClass}>
                    <p className="font-semibold text-slate-900 dark:text-white">{personName(t.tutor)}</p>
                    {t.tutor.email && <p className="text-xs text-slate-500 dark:text-slate-400">{t.tutor.email}</p>}
                  </td>
                  <td className={clsx(cellClass, 'font-semibold text-slate-900 dark:text-white')}>
                    {money(t.net)}
                    {t.net <= 0 && <p className="text-xs font-normal text-slate-500 dark:text-slate-400">Nothing to pay: left out of the bank file</p>}
                  </td>
                  <td className={cellClass}>{t.lessons}</td>
                  <td className={cellClass}>{money(t.amount)}</td>
                  <td className={cellClass}>{money(t.penalty)}</td>
                  <td className={cellClass}>{money(t.additions)}</td>
                  <td className={cellClass}>{money(t.deductions)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
