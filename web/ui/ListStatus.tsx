import type { ReactNode } from 'react';
import LoadFailure from './LoadFailure';
import { LoadingStatus } from './LoadingStatus';

/**
 * The states of a fetched list in one place: a retry after a failure, a spinner before the first page, the empty
 * state when nothing matched, and otherwise the list itself.
 */
export function ListStatus({
  list,
  onRetry,
  empty,
  className,
  loadingClassName = 'py-16',
  children,
}: {
  list: { status: 'idle' | 'loading' | 'rejected'; loaded: boolean; docs: readonly unknown[] };
  onRetry: () => void;
  empty: ReactNode;
  className: string;
  loadingClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={className} aria-busy={list.status === 'loading'}>
      {list.status === 'rejected' ? (
        <LoadFailure onRetry={onRetry} />
      ) : !list.loaded ? (
        <LoadingStatus className={loadingClassName} />
      ) : list.docs.length === 0 ? (
        empty
      ) : (
        children
      )}
    </div>
  );
}
