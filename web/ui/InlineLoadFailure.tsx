import { RotateCw } from 'lucide-react';
import { cardClass, secondaryButton } from './classes';

/** A part of a page that could not be read, small enough to sit among parts that could: what failed, why, and a retry. */
export function InlineLoadFailure({ what, reason, onRetry }: { what: string; reason?: string; onRetry: () => void }) {
  return (
    <div role="alert" className={`${cardClass} px-6 py-8 text-center`}>
      <p className="font-semibold text-slate-900 dark:text-white">{what} could not be loaded.</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{reason || 'Check your connection and try again.'}</p>
      <button type="button" onClick={onRetry} className={`mt-4 ${secondaryButton}`}>
        <RotateCw className="size-4" aria-hidden="true" />
        Try again
      </button>
    </div>
  );
}
