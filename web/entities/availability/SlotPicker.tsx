import clsx from 'clsx';
import type { SlotOption } from '../../../schema/contracts/availability';
import { focusRing } from '../../ui/classes';
import Spinner from '../../ui/Spinner';
import { distinctStarts, slotTime, tutorTimeBeside } from './slot-times';

interface SlotPickerProps {
  slots: SlotOption[];
  loading: boolean;
  /** Whether curriculum, subject, grade and date are chosen, so slots have been asked for. */
  asked: boolean;
  selected: SlotOption | null;
  viewerZone: string;
  onSelect: (slot: SlotOption) => void;
  /** What to choose before slots can be shown, when not everything is chosen yet. */
  prompt?: string;
}

/** "Select your slot": one button per free start in hh:mm AM/PM, the tutor's own time beside it where it differs. */
export default function SlotPicker({
  slots,
  loading,
  asked,
  selected,
  viewerZone,
  onSelect,
  prompt = 'Choose the curriculum, subject, grade and date first.',
}: SlotPickerProps) {
  const starts = distinctStarts(slots);
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">Select your slot</legend>
      <p className="text-xs text-slate-500 dark:text-slate-400">Times in {viewerZone.replaceAll('_', ' ')}</p>
      <div className="mt-2 min-h-16" aria-live="polite" aria-busy={loading}>
        {loading ? (
          <div className="flex justify-center py-4" role="status">
            <Spinner className="size-6" />
            <span className="sr-only">Loading slots</span>
          </div>
        ) : !asked ? (
          <p className="py-3 text-sm text-slate-500 dark:text-slate-400">{prompt}</p>
        ) : starts.length === 0 ? (
          <p className="py-3 text-sm text-slate-600 dark:text-slate-300">No slots are available</p>
        ) : (
          <div className="grid max-h-48 grid-cols-2 gap-2 overflow-y-auto p-0.5 sm:grid-cols-3">
            {starts.map((slot) => {
              const active = selected?.start === slot.start;
              const theirs = tutorTimeBeside(slot.start, viewerZone, slot.timezone);
              return (
                <button
                  key={slot.start}
                  type="button"
                  aria-pressed={active}
                  onClick={() => onSelect(slot)}
                  className={clsx(
                    'rounded-xl px-2 py-2 text-sm font-semibold ring-1 transition ring-inset',
                    active
                      ? 'bg-brand text-brand-ink ring-brand'
                      : 'text-slate-800 ring-slate-300 hover:bg-slate-50 dark:text-slate-100 dark:ring-slate-700 dark:hover:bg-slate-800',
                    focusRing,
                  )}
                >
                  {slotTime(slot.start, viewerZone)}
                  {theirs && (
                    <span className={clsx('block text-xs font-normal', active ? 'text-slate-900' : 'text-slate-500 dark:text-slate-400')}>Tutor: {theirs}</span>
                  )}
                </button>
              );
            })}
          </div>
        )}
      </div>
    </fieldset>
  );
}
