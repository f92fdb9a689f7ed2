import clsx from 'clsx';
import { Pause, Play, RotateCcw, Timer } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { ControlRequest, LessonTimer as Timing } from '../../../../schema/contracts/lesson-controls';
import { focusRing } from '../../../ui/classes';
import { formatTimer, timerElapsed, timerWords } from './controls-logic';

const timerButton = clsx(
  'inline-flex size-8 items-center justify-center rounded-full text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100 dark:text-slate-200 dark:ring-slate-600 dark:hover:bg-slate-800',
  focusRing,
);

/** Re-renders once a second while the timer runs; the time itself is always computed from the stored instants. */
function useTicking(running: boolean) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(id);
  }, [running]);
}

/** The lesson timer everyone sees; the tutor also starts, pauses and resets it. */
export function LessonTimer({ timer, now, onControl }: { timer: Timing; now: () => number; onControl?: (request: ControlRequest) => void }) {
  useTicking(timer.running);
  const elapsed = timerElapsed(timer, now());
  const idle = !timer.running && elapsed === 0;
  if (idle && !onControl) return null;
  return (
    <span className="inline-flex items-center gap-1.5">
      <span
        role="timer"
        aria-label={`Lesson timer: ${timerWords(elapsed)}${timer.running ? '' : ', paused'}`}
        data-testid="lesson-timer"
        className={clsx(
          'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold tabular-nums ring-1',
          timer.running ? 'bg-brand/10 text-slate-900 ring-brand dark:text-white' : 'text-slate-700 ring-slate-300 dark:text-slate-200 dark:ring-slate-600',
        )}
      >
        <Timer className="size-4" aria-hidden />
        {formatTimer(elapsed)}
        {!timer.running && !idle && <span className="text-xs font-medium text-slate-500 dark:text-slate-400">paused</span>}
      </span>
      {onControl && (
        <>
          <button
            type="button"
            className={timerButton}
            aria-label={timer.running ? 'Pause the timer' : idle ? 'Start the timer' : 'Resume the timer'}
            title={timer.running ? 'Pause the timer' : idle ? 'Start the timer' : 'Resume the timer'}
            onClick={() => onControl({ type: 'timer', action: timer.running ? 'pause' : 'start' })}
          >
            {timer.running ? <Pause className="size-4" aria-hidden /> : <Play className="size-4" aria-hidden />}
          </button>
          {!idle && (
            <button
              type="button"
              className={timerButton}
              aria-label="Reset the timer"
              title="Reset the timer"
              onClick={() => onControl({ type: 'timer', action: 'reset' })}
            >
              <RotateCcw className="size-4" aria-hidden />
            </button>
          )}
        </>
      )}
    </span>
  );
}
