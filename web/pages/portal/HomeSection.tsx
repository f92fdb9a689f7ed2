import type { ReactNode } from 'react';
import { stampIn } from '../../lib/local-time';
import { useViewerZone } from '../../lib/use-viewer-zone';
import type { DeviceBacked } from './use-device-backed';

/** One panel of a home page, with its own loading, failure and offline wording. */
export default function HomeSection<T>({
  title,
  testId,
  data,
  failure,
  retried = false,
  note,
  action,
  children,
}: {
  title: string;
  testId: string;
  data: DeviceBacked<T>;
  /** What could not be loaded, in the person's words ("Your lessons could not be loaded."). */
  failure: string;
  /** The part asks again by itself (a polled part), so the reader need not reload. */
  retried?: boolean;
  /** A line under the title, e.g. which day "today" is. */
  note?: string;
  action?: ReactNode;
  children: (value: T) => ReactNode;
}) {
  const zone = useViewerZone();
  return (
    <section aria-label={title} data-testid={testId} className="rounded-2xl bg-white p-5 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{title}</h2>
        {action}
      </div>
      {note && (
        <p data-testid="section-note" className="text-sm text-slate-600 dark:text-slate-400">
          {note}
        </p>
      )}
      {data.status === 'ready' && data.fromDevice && (
        <p data-testid="fetched-at" className="mt-1 text-xs font-medium text-amber-700 dark:text-amber-300">
          Offline: as of {stampIn(data.fetchedAt, zone)}
        </p>
      )}
      <div className="mt-3">
        {data.status === 'loading' && <p className="text-sm text-slate-500 dark:text-slate-400">Loading…</p>}
        {data.status === 'failed' && (
          <p className="text-sm text-rose-700 dark:text-rose-300">
            {failure} {retried ? 'Trying again shortly.' : 'Reload the page to try again.'}
          </p>
        )}
        {data.status === 'ready' && children(data.value)}
      </div>
    </section>
  );
}

/** A home page's one loading line, shown until all its panels can appear together. */
export function HomeLoading() {
  return (
    <p role="status" className="py-10 text-center text-sm text-slate-500 dark:text-slate-400">
      Loading your home…
    </p>
  );
}
