import type { ReactNode } from 'react';
import { perCurrency } from './ledger-labels';

/** Totals per currency above a list, never added across currencies: "Tutor pay: SGD 1,234.00 · MYR 560.00". */
export function CurrencyTotals({
  label,
  totals,
  testId,
  children,
}: {
  label: string;
  totals: { currency: string; amount: number }[];
  testId: string;
  children?: ReactNode;
}) {
  return (
    <div className="mb-3 text-sm text-slate-700 dark:text-slate-200" data-testid={testId}>
      <p>
        {label}: <span className="font-semibold text-slate-900 dark:text-white">{totals.length ? perCurrency(totals) : 'none'}</span>
      </p>
      {children}
    </div>
  );
}
