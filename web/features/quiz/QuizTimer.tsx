import { Timer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatClock, secondsLeft, spokenClock } from './countdown';

/** The countdown to the server's timerEnd, corrected for the device clock; calls onExpire once at zero. */
export default function QuizTimer({ timerEnd, offsetMs, onExpire }: { timerEnd: string; offsetMs: number; onExpire: () => void }) {
  const [left, setLeft] = useState(() => secondsLeft(timerEnd, offsetMs));
  useEffect(() => {
    setLeft(secondsLeft(timerEnd, offsetMs));
    const id = setInterval(() => setLeft(secondsLeft(timerEnd, offsetMs)), 1000);
    return () => clearInterval(id);
  }, [timerEnd, offsetMs]);
  useEffect(() => {
    if (left === 0) onExpire();
  }, [left, onExpire]);
  const low = left <= 60;
  return (
    <p
      data-testid="quiz-timer"
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold tabular-nums ring-1 ring-inset ${low ? 'bg-red-50 text-red-700 ring-red-200 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-500/30' : 'bg-brand/10 text-slate-800 ring-brand/30 dark:text-slate-100'}`}
    >
      <Timer className="size-4" aria-hidden="true" />
      <span aria-hidden="true">{formatClock(left)}</span>
      <span className="sr-only">{spokenClock(left)} left</span>
    </p>
  );
}
