import clsx from 'clsx';
import { Hand } from 'lucide-react';
import type { ControlRequest, RaisedHand } from '../../../../schema/contracts/lesson-controls';
import { focusRing } from '../../../ui/classes';
import { handQueue } from './controls-logic';

const smallAction = clsx(
  'rounded-full px-2.5 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100 dark:text-slate-200 dark:ring-slate-600 dark:hover:bg-slate-800',
  focusRing,
);

/** The tutor's queue of raised hands, first raised first; each can be lowered, or all at once. */
export function HandQueue({ hands, onControl }: { hands: readonly RaisedHand[]; onControl: (request: ControlRequest) => void }) {
  const queue = handQueue(hands);
  return (
    <section aria-label="Raised hands" className="flex min-w-0 flex-wrap items-center gap-1.5 text-sm">
      <p aria-live="polite" className="inline-flex items-center gap-1.5 font-medium text-slate-700 dark:text-slate-200">
        <Hand className="size-4" aria-hidden />
        {queue.length === 0 ? 'No hands raised' : queue.length === 1 ? '1 hand raised' : `${queue.length} hands raised`}
      </p>
      {queue.length > 0 && (
        <>
          <ol className="flex min-w-0 flex-wrap items-center gap-1.5" data-testid="hand-queue">
            {queue.map((hand, index) => (
              <li
                key={hand.userId}
                className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 py-0.5 pr-1 pl-2.5 text-amber-950 dark:bg-amber-500/20 dark:text-amber-100"
              >
                <span>
                  {index + 1}. {hand.name}
                </span>
                <button
                  type="button"
                  className={smallAction}
                  aria-label={`Lower ${hand.name}'s hand`}
                  onClick={() => onControl({ type: 'lowerHands', userId: hand.userId })}
                >
                  Lower
                </button>
              </li>
            ))}
          </ol>
          {queue.length > 1 && (
            <button type="button" className={smallAction} onClick={() => onControl({ type: 'lowerHands' })}>
              Lower all
            </button>
          )}
        </>
      )}
    </section>
  );
}
