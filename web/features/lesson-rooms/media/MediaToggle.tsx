import clsx from 'clsx';
import type { LucideIcon } from 'lucide-react';
import { focusRing } from '../../../ui/classes';

/** A round on/off button of the call (microphone, camera): red while off, so a muted person sees it at a glance. */
export function MediaToggle({
  on,
  onToggle,
  onIcon: OnIcon,
  offIcon: OffIcon,
  title,
  label,
}: {
  on: boolean;
  onToggle: () => void;
  onIcon: LucideIcon;
  offIcon: LucideIcon;
  title: string;
  /** The button's name for a screen reader (the icon alone says nothing). */
  label: string;
}) {
  return (
    <button
      type="button"
      className={clsx(
        'inline-flex size-10 items-center justify-center rounded-full ring-1 transition disabled:opacity-50',
        focusRing,
        on
          ? 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-100 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-600'
          : 'bg-rose-600 text-white ring-rose-600 hover:bg-rose-700',
      )}
      aria-pressed={on}
      onClick={onToggle}
      title={title}
    >
      {on ? <OnIcon className="size-5" aria-hidden /> : <OffIcon className="size-5" aria-hidden />}
      <span className="sr-only">{label}</span>
    </button>
  );
}
