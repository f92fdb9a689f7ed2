import { RotateCw } from 'lucide-react';
import { cardClass, secondaryButton } from '../../ui/classes';

/** A part of the page that could not be loaded: what, the server's reason, and a way to try again in place. */
export function LoadProblem({ what, reason, onRetry }: { what: string; reason: string; onRetry: () => void }) {
  return (
    <div role="alert" className={`${cardClass} px-6 py-8 text-center`}>
      <p className="font-semibold text-slate-900 dark:text-white">{what} could not be loaded.</p>
      {reason && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{reason}</p>}
      <button type="button" onClick={onRetry} className={`mt-4 ${secondaryButton}`}>
        <RotateCw className="size-4" aria-hidden="true" />
        Try again
      </button>
    </div>
  );
}
