import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import type { WeekPoint } from '../../../schema/contracts/progress';

const HEIGHT = 100;
const COLUMN = 10;
const GAP = 4;

/** Weeks are UTC Mondays on the server, so their dates are read in UTC too. */
const shortDay = (isoDay: string) => format(new Date(`${isoDay}T00:00:00Z`), 'd MMM', { in: tz('UTC') });

/**
 * A column chart of the weeks: each column is that week's share of the marks scored, with the week's number of
 * finished quizzes under it; a week with none shows an empty slot, so a gap reads as a gap.
 */
export function WeeklyChart({ title, weeks }: { title: string; weeks: WeekPoint[] }) {
  const width = weeks.length * (COLUMN + GAP) - GAP;
  const described = weeks
    .map((w) => `week of ${shortDay(w.week)}: ${w.attempts === 0 ? 'no quizzes' : `${w.attempts} quiz${w.attempts === 1 ? '' : 'zes'}, ${w.scorePercent}%`}`)
    .join('; ');
  return (
    <figure>
      <figcaption className="text-sm font-semibold text-slate-900 dark:text-white">{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" className="mt-3 block h-28 w-full" role="img" aria-label={`${title}: ${described}`}>
        {[25, 50, 75].map((line) => (
          <line key={line} x1="0" x2={width} y1={HEIGHT - line} y2={HEIGHT - line} className="stroke-slate-200 dark:stroke-slate-800" strokeWidth="0.4" />
        ))}
        {weeks.map((w, i) => {
          const x = i * (COLUMN + GAP);
          const h = w.scorePercent === null ? 0 : Math.max(2, w.scorePercent);
          return w.scorePercent === null ? (
            <rect key={w.week} x={x} y={HEIGHT - 2} width={COLUMN} height="2" className="fill-slate-200 dark:fill-slate-800" />
          ) : (
            <rect key={w.week} x={x} y={HEIGHT - h} width={COLUMN} height={h} rx="1.5" className="fill-brand" data-testid="week-column" />
          );
        })}
      </svg>
      <ol
        className="mt-1 grid text-center text-[11px] text-slate-500 tabular-nums dark:text-slate-400"
        style={{ gridTemplateColumns: `repeat(${weeks.length}, minmax(0, 1fr))` }}
      >
        {weeks.map((w, i) => (
          <li key={w.week}>
            {/* Every other date only at phone width, so the dates never run together; the slot stays for alignment. */}
            <span className={`block truncate ${i % 2 === 1 ? 'invisible sm:visible' : ''}`}>{shortDay(w.week)}</span>
            <span className="block font-medium text-slate-700 dark:text-slate-300">{w.attempts > 0 ? `${w.scorePercent}%` : '–'}</span>
          </li>
        ))}
      </ol>
    </figure>
  );
}
