import { Hourglass } from 'lucide-react';
import type { CreditEntry } from '../../../schema/contracts/payments';
import { balanceText, creditKindLabels, signedDuration } from '../../entities/payments/payment-words';
import { dayText } from '../../lib/local-days';
import { cardClass, secondaryButton } from '../../ui/classes';
import { InlineLoadFailure } from '../../ui/InlineLoadFailure';
import { LoadingStatus } from '../../ui/LoadingStatus';
import Spinner from '../../ui/Spinner';
import { useCredits } from './use-credits';

/** One student's lesson balance, then every entry behind it, newest first. */
export function StudentBalance({ studentId, heading, zone, now }: { studentId: string; heading: string; zone: string; now: number }) {
  const credits = useCredits(studentId);
  const headingId = `balance-${studentId}`;
  return (
    <section aria-labelledby={headingId} className={`${cardClass} p-5 sm:p-6`} data-testid="student-balance">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
        {heading}
      </h2>
      {credits.state === 'loading' ? (
        <LoadingStatus className="py-10" />
      ) : credits.state === 'failed' ? (
        <div className="mt-4">
          <InlineLoadFailure what="This balance" onRetry={credits.retry} />
        </div>
      ) : (
        <>
          <p className="mt-2 flex items-baseline gap-2">
            <span className="text-3xl font-bold tracking-tight text-slate-900 tabular-nums dark:text-white" data-testid="balance">
              {balanceText(credits.balanceMinutes)}
            </span>
            <span className="text-sm text-slate-600 dark:text-slate-400">of lessons left</span>
          </p>
          {credits.balances.some((b) => b.courseId) && (
            <ul className="mt-2 space-y-0.5 text-sm text-slate-600 dark:text-slate-400" aria-label={`${heading}: balances`}>
              {credits.balances.map((b) => (
                <li key={b.courseId ?? 'general'}>
                  {balanceText(b.minutes)} {b.courseId ? `for ${b.courseTitle ?? 'a course'} only` : 'for any lesson'}
                </li>
              ))}
            </ul>
          )}
          {credits.expiring.map((lot) => (
            <p
              key={lot.entryId}
              role="status"
              className="mt-3 flex items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-800"
            >
              <Hourglass className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {balanceText(lot.minutes)} will expire on {dayText(lot.expiresAt, zone)}. Book lessons before then to use it.
            </p>
          ))}
          {credits.entries.length === 0 ? (
            <p className="mt-4 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
              <Hourglass className="size-4" aria-hidden="true" />
              No lesson time bought or used yet.
            </p>
          ) : (
            <>
              <h3 className="mt-5 text-sm font-semibold text-slate-700 dark:text-slate-200">What changed the balance</h3>
              <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800" aria-label={`${heading}: balance entries`}>
                {credits.entries.map((entry) => (
                  <EntryRow key={entry._id} entry={entry} zone={zone} now={now} />
                ))}
              </ul>
              {credits.more && (
                <button type="button" className={`${secondaryButton} mt-3`} disabled={credits.loadingMore} onClick={credits.loadMore}>
                  {credits.loadingMore && <Spinner className="size-4" />}
                  Show older entries
                </button>
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}

function EntryRow({ entry, zone, now }: { entry: CreditEntry; zone: string; now: number }) {
  const expiry =
    entry.expiresAt && entry.minutes > 0
      ? new Date(entry.expiresAt).getTime() > now
        ? `use by ${dayText(entry.expiresAt, zone)}`
        : `lapsed ${dayText(entry.expiresAt, zone)}`
      : null;
  return (
    <li className="flex items-start justify-between gap-4 py-3" data-testid="balance-entry">
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900 dark:text-white">{entry.description}</p>
        <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
          {[creditKindLabels[entry.kind], dayText(entry.createdAt, zone), expiry].filter(Boolean).join(' · ')}
        </p>
      </div>
      <span
        className={`shrink-0 font-semibold tabular-nums ${entry.minutes < 0 ? 'text-slate-700 dark:text-slate-200' : 'text-emerald-700 dark:text-emerald-400'}`}
        data-testid="entry-minutes"
      >
        {signedDuration(entry.minutes)}
      </span>
    </li>
  );
}
