import clsx from 'clsx';
import type { PenaltyWaiverRecord } from '../../../schema/contracts/penalty-waivers';
import { fullName } from '../../lib/people';
import { badgeClass } from '../../ui/badges';
import { cardClass, primaryButton, smallButton } from '../../ui/classes';
import { appealLabels, appealSentence, categoryLabels, entrySentence, paymentLabels, typeLabels } from './entry-words';

const typeColours = {
  ADDITION: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
  DEDUCTION: 'bg-rose-100 text-rose-800 dark:bg-rose-500/15 dark:text-rose-300',
};

/** One waiver or adjustment: how much went which way for whom, why, its appeal, and whether it has been paid. */
export default function EntryCard({
  entry,
  zone,
  onRespondToAppeal,
  onPaymentStatus,
}: {
  entry: PenaltyWaiverRecord;
  zone: string;
  /** Absent when the admin may not answer appeals. */
  onRespondToAppeal?: () => void;
  /** Absent when the admin may not change payment status. */
  onPaymentStatus?: () => void;
}) {
  const appeal = appealSentence(entry);
  const paid = entry.paymentStatus === 'PAID';
  const students = entry.students.map((s) => fullName(s)).join(', ');
  return (
    <li className={`${cardClass} p-4 sm:p-5`} data-testid="ledger-entry">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 flex-1 font-semibold text-slate-900 dark:text-white">{entrySentence(entry, zone)}</p>
        <span className="flex shrink-0 flex-wrap gap-1.5">
          <span className={clsx(badgeClass, typeColours[entry.type])}>{typeLabels[entry.type]}</span>
          {entry.appealStatus && (
            <span className={clsx(badgeClass, 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300')}>{appealLabels[entry.appealStatus]}</span>
          )}
          <span className={clsx(badgeClass, 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200')}>{paymentLabels[entry.paymentStatus]}</span>
        </span>
      </div>
      <div className="mt-2 space-y-1 text-sm text-slate-600 dark:text-slate-300">
        {entry.note && <p>Reason: “{entry.note}”</p>}
        {students && <p>Students: {students}.</p>}
        {entry.category && <p>Filed under {categoryLabels[entry.category as keyof typeof categoryLabels] ?? entry.category}.</p>}
        {appeal && <p>{appeal}</p>}
        {entry.payRunId && <p>It is in a pay run, so its payment status is the run’s.</p>}
      </div>
      {((entry.appealStatus === 'PENDING' && onRespondToAppeal) || (!entry.payRunId && onPaymentStatus)) && (
        <div className="mt-3 flex flex-wrap gap-2">
          {entry.appealStatus === 'PENDING' && onRespondToAppeal && (
            <button type="button" className={primaryButton} onClick={onRespondToAppeal} aria-label={`Respond to the appeal: ${entrySentence(entry, zone)}`}>
              Respond to the appeal
            </button>
          )}
          {!entry.payRunId && onPaymentStatus && (
            <button type="button" className={smallButton} onClick={onPaymentStatus}>
              {paid ? 'Mark as processing' : 'Mark as paid'}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
