import { ChevronLeft, ChevronRight } from 'lucide-react';
import { secondaryButton } from './classes';

/** "Showing 1–20 of 45" with previous and next. */
export function Pager({ offset, limit, total, onOffset }: { offset: number; limit: number; total: number; onOffset: (offset: number) => void }) {
  if (total === 0) return null;
  const first = offset + 1;
  const last = Math.min(offset + limit, total);
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3 text-sm text-slate-600 dark:text-slate-300">
      <p>
        Showing {first}–{last} of {total}
      </p>
      <div className="flex gap-2">
        <button type="button" className={`${secondaryButton} px-3! py-1.5!`} disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - limit))}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          Previous
        </button>
        <button type="button" className={`${secondaryButton} px-3! py-1.5!`} disabled={last >= total} onClick={() => onOffset(offset + limit)}>
          Next
          <ChevronRight className="size-4" aria-hidden="true" />
        </button>
      </div>
    </nav>
  );
}
