import type { ReactNode } from 'react';
import { InlineLoadFailure } from '../../ui/InlineLoadFailure';
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
      <div className="mt-5">
        <InlineLoadFailure what={what} reason={failure} onRetry={onRetry} />
      </div>
    );
  }
  return (
    <ListStatus list={list} onRetry={onRetry} empty={empty} className="mt-5">
      {children}
    </ListStatus>
  );
}
