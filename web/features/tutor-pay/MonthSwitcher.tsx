import { ChevronLeft, ChevronRight } from 'lucide-react';
import { secondaryButton } from '../../ui/classes';
import { monthName, shiftMonth } from './month';

const stepButton = `${secondaryButton} px-3! py-2!`;

/** Previous and next month around the month's name; there is no month after this one to look at yet. */
export function MonthSwitcher({ month, thisMonth, onMonth }: { month: string; thisMonth: string; onMonth: (month: string) => void }) {
  const previous = shiftMonth(month, -1);
  const next = shiftMonth(month, 1);
  const latest = month >= thisMonth;
  return (
    <nav aria-label="Months" className="flex items-center justify-between gap-2 sm:justify-start">
      <button type="button" className={stepButton} onClick={() => onMonth(previous)} aria-label={`Previous month, ${monthName(previous)}`}>
        <ChevronLeft className="size-4" aria-hidden="true" />
        <span className="hidden sm:inline">Previous</span>
      </button>
      <p className="min-w-40 text-center text-xl font-semibold text-slate-900 dark:text-white" aria-live="polite" data-testid="month-name">
        {monthName(month)}
      </p>
      <button
        type="button"
        className={stepButton}
        onClick={() => onMonth(next)}
        disabled={latest}
        aria-label={latest ? 'Next month: this is the current month' : `Next month, ${monthName(next)}`}
      >
        <span className="hidden sm:inline">Next</span>
        <ChevronRight className="size-4" aria-hidden="true" />
      </button>
    </nav>
  );
}
