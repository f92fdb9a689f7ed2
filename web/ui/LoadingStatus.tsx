import clsx from 'clsx';
import Spinner from './Spinner';

/** The spinner and "Loading…" a page or list shows while its data arrives; className sets the room around it. */
export function LoadingStatus({ className }: { className: string }) {
  return (
    <div role="status" className={clsx('flex items-center justify-center gap-3 text-brand-deep', className)}>
      <Spinner className="size-6" />
      <span className="text-sm text-slate-500 dark:text-slate-400">Loading…</span>
    </div>
  );
}
