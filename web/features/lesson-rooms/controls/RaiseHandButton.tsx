import clsx from 'clsx';
import { Hand } from 'lucide-react';
import type { ControlRequest, RaisedHand } from '../../../../schema/contracts/lesson-controls';
import { focusRing } from '../../../ui/classes';
import { handQueue, ordinal } from './controls-logic';

/** A student's own hand: raise it to join the tutor's queue, lower it again. */
export function RaiseHandButton({ hands, userId, onControl }: { hands: readonly RaisedHand[]; userId: string; onControl: (request: ControlRequest) => void }) {
  const place = handQueue(hands).findIndex((hand) => hand.userId === userId) + 1;
  const raised = place > 0;
  return (
    <span className="inline-flex min-w-0 items-center gap-2 text-sm">
      <button
        type="button"
        aria-pressed={raised}
        onClick={() => onControl({ type: 'hand', raised: !raised })}
        className={clsx(
          'inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full px-3 py-1 font-semibold ring-1',
          focusRing,
          raised
            ? 'bg-amber-100 text-amber-950 ring-amber-400 dark:bg-amber-500/20 dark:text-amber-100'
            : 'text-slate-800 ring-slate-300 hover:bg-slate-100 dark:text-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800',
        )}
      >
        <Hand className="size-4" aria-hidden />
        {raised ? 'Lower hand' : 'Raise hand'}
      </button>
      <span aria-live="polite" className="text-slate-600 dark:text-slate-300">
        {raised && `Your hand is up: you are ${ordinal(place)} in the queue.`}
      </span>
    </span>
  );
}
