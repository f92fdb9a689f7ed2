import { Scale } from 'lucide-react';
import type { PenaltyWaiverRecord } from '../../../schema/contracts/penalty-waivers';
import { cardClass, smallButton } from '../../ui/classes';
import { paymentBadge, paymentLabels, quoted, toneBadge } from './pay-words';
import { appealLabels, appealSentence, appealState, waiverSentence } from './waiver-words';

/** One addition to or deduction from the tutor's pay: how much, why, its payment status and its appeal. */
export function WaiverCard({ entry, zone, onAppeal }: { entry: PenaltyWaiverRecord; zone: string; onAppeal: () => void }) {
  const sentence = waiverSentence(entry, zone);
  const appeal = appealSentence(entry);
  const state = appealState(entry);
  return (
    <li className={`${cardClass} space-y-2 p-4 sm:p-5`} data-testid="waiver">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 flex-1 font-semibold text-slate-900 dark:text-white">{sentence}</p>
        <span className="flex shrink-0 flex-wrap gap-1.5">
          <span className={toneBadge(entry.type === 'ADDITION' ? 'green' : 'rose')}>{entry.type === 'ADDITION' ? 'Addition' : 'Deduction'}</span>
          {entry.appealStatus && (
            <span className={toneBadge(entry.appealStatus === 'ACCEPTED' ? 'green' : entry.appealStatus === 'REJECTED' ? 'grey' : 'amber')}>
              {appealLabels[entry.appealStatus]}
            </span>
          )}
          <span className={paymentBadge(entry.paymentStatus)}>
            <span className="sr-only">Payment: </span>
            {paymentLabels[entry.paymentStatus]}
          </span>
        </span>
      </div>
      {entry.note && <p className="text-sm text-slate-600 dark:text-slate-300">Reason: {quoted(entry.note)}</p>}
      {appeal && (
        <p className="text-sm text-slate-700 dark:text-slate-200" data-testid="appeal">
          {appeal}
        </p>
      )}
      {state === 'paid' && <p className="text-sm text-slate-500 dark:text-slate-400">It has been paid out, so it can no longer be appealed.</p>}
      {state === 'open' && (
        <button type="button" className={smallButton} onClick={onAppeal}>
          <Scale className="size-4" aria-hidden="true" />
          Appeal
          <span className="sr-only"> against {sentence}</span>
        </button>
      )}
    </li>
  );
}
