import type { ScoreBand } from '../../../schema/contracts/quiz';

const BAND_STYLE: Record<ScoreBand, string> = {
  Revise: 'bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-200',
  Good: 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-200',
  'Very Good': 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200',
};

export function BandChip({ band }: { band: ScoreBand }) {
  return <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${BAND_STYLE[band]}`}>{band}</span>;
}
