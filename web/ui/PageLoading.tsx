import Spinner from './Spinner';

/** The indicator a lazily loaded page shows while its code arrives. */
export default function PageLoading() {
  return (
    <div data-testid="page-loading" role="status" className="flex min-h-[50vh] items-center justify-center gap-3 text-brand-deep">
      <Spinner className="size-7" />
      <span className="text-sm font-medium text-slate-500 dark:text-slate-400">Loading page…</span>
    </div>
  );
}
