import type { HelperSourceName } from '../../../schema/contracts/quiz';

const LABELS: Record<HelperSourceName, string> = { offline: 'Offline helper', openai: 'AI helper', 'workers-ai': 'AI helper' };

/** Says honestly where help came from: the offline helper only repeats what the question's author stored. */
export default function HelperBadge({ source }: { source: HelperSourceName | null }) {
  if (!source) return null;
  return (
    <span className="ml-2 inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-300 ring-inset dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-700">
      {LABELS[source]}
    </span>
  );
}
