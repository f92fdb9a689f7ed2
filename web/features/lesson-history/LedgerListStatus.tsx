import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { cardClass, secondaryButton } from '../../ui/classes';
import { ListStatus } from '../../ui/ListStatus';

/** ListStatus, whose failure names what failed and the server's reason, small enough to sit inside a tab. */
export function LedgerListStatus({
  list,
  what,
  failure,
  onRetry,
  empty,
  children,
}: {
  list: { status: 'idle' | 'loading' | 'rejected'; loaded: boolean; docs: readonly unknown[] };
  what: string;
  failure: string;
  onRetry: () => void;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (list.status === 'rejected') {
    return (
      <div role="alert" className={`${cardClass} mt-5 px-6 py-8 text-center`}>
        <p className="font-semibold text-slate-900 dark:text-white">{what} could not be loaded.</p>
        {failure && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{failure}</p>}
        <button type="button" onClick={onRetry} className={`mt-4 ${secondaryButton}`}>
          <RotateCw className="size-4" aria-hidden="true" />
          Try again
        </button>
      </div>
    );
  }
  return (
    <ListStatus list={list} onRetry={onRetry} empty={empty} className="mt-5">
      {children}
    </ListStatus>
  );
}
