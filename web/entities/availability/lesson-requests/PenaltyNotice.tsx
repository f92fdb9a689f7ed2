import clsx from 'clsx';
import type { PenaltyPreview } from '../../../../schema/contracts/meeting-requests';
import Spinner from '../../../ui/Spinner';
import { penaltyWords } from './penalty-words';

export type PreviewState =
  | { kind: 'waiting'; text: string }
  | { kind: 'loading' }
  | { kind: 'ready'; preview: PenaltyPreview }
  | { kind: 'refused'; text: string };

/** What the request will cost, shown before the person confirms it, from the same rule that will apply it. */
export default function PenaltyNotice({ state }: { state: PreviewState }) {
  if (state.kind === 'waiting') return <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300">{state.text}</p>;
  if (state.kind === 'loading')
    return (
      <p role="status" className="flex items-center gap-2 rounded-xl bg-slate-50 p-3 text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300">
        <Spinner className="size-4" /> Checking the cancellation policy…
      </p>
    );
  if (state.kind === 'refused')
    return (
      <p role="alert" className="rounded-xl bg-rose-50 p-3 text-sm text-rose-900 dark:bg-rose-500/10 dark:text-rose-200">
        {state.text}
      </p>
    );
  const words = penaltyWords(state.preview);
  const charged = words.headline !== 'No penalty';
  return (
    <div
      data-testid="penalty-notice"
      aria-live="polite"
      className={clsx(
        'rounded-xl p-3 text-sm',
        charged
          ? 'bg-amber-50 text-amber-950 dark:bg-amber-500/10 dark:text-amber-100'
          : 'bg-emerald-50 text-emerald-950 dark:bg-emerald-500/10 dark:text-emerald-100',
      )}
    >
      <p className="font-semibold">{words.headline}</p>
      <p className="mt-1">{words.why}</p>
      <p className="mt-1 text-xs opacity-80">{words.version}</p>
    </div>
  );
}
