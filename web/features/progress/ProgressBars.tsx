import { Link } from 'react-router-dom';
import { focusRing } from '../../ui/classes';

export interface ProgressBar {
  key: string;
  label: string;
  /** The bar: how much is mastered, 0–100. */
  percent: number;
  /** The tick: the share of the marks scored, 0–100, when there is any. */
  scorePercent?: number | null;
  detail: string;
  to?: string;
}

const clamp = (n: number) => Math.max(0, Math.min(100, n));

/**
 * A horizontal bar chart, one bar per subject (or topic): the bar is how much is mastered, the tick the share of the
 * marks scored. Labels stay HTML so they read at 375 px; each bar is drawn in SVG and described in words.
 */
export function ProgressBars({ title, bars }: { title: string; bars: ProgressBar[] }) {
  return (
    <figure>
      <figcaption className="sr-only">{title}</figcaption>
      <ul className="space-y-3" data-testid="progress-bars">
        {bars.map((bar) => {
          const words = `${bar.label}: ${clamp(bar.percent)}% mastered${bar.scorePercent != null ? `, ${bar.scorePercent}% of the marks scored` : ''}`;
          const body = (
            <>
              <span className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 truncate font-medium text-slate-900 dark:text-white">{bar.label}</span>
                <span className="shrink-0 text-sm font-semibold text-slate-900 tabular-nums dark:text-white">{clamp(bar.percent)}%</span>
              </span>
              <svg viewBox="0 0 100 6" preserveAspectRatio="none" className="mt-1.5 block h-2.5 w-full" role="img" aria-label={words}>
                <rect x="0" y="0" width="100" height="6" rx="3" className="fill-slate-200 dark:fill-slate-800" />
                <rect x="0" y="0" width={clamp(bar.percent)} height="6" rx="3" className="fill-brand" data-testid="bar-fill" />
                {bar.scorePercent != null && (
                  <rect x={Math.min(99, clamp(bar.scorePercent))} y="0" width="1" height="6" className="fill-slate-700 dark:fill-slate-200" />
                )}
              </svg>
              <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">{bar.detail}</span>
            </>
          );
          return (
            <li key={bar.key}>
              {bar.to ? (
                <Link to={bar.to} className={`block rounded-xl p-2 -m-2 hover:bg-slate-50 dark:hover:bg-slate-800/60 ${focusRing}`}>
                  {body}
                </Link>
              ) : (
                body
              )}
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
