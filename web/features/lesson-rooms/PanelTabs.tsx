import clsx from 'clsx';
import { focusRing } from '../../ui/classes';

/** A row of pill tabs switching the room's panels (board or notes; the replay's notes, chapters or search). */
export function PanelTabs<K extends string>({
  label,
  tabs,
  value,
  onChange,
  small = false,
  className,
}: {
  label: string;
  tabs: readonly (readonly [K, string])[];
  value: K;
  onChange: (key: K) => void;
  small?: boolean;
  className: string;
}) {
  return (
    <div role="tablist" aria-label={label} className={clsx('flex gap-1', className)}>
      {tabs.map(([key, text]) => (
        <button
          key={key}
          type="button"
          role="tab"
          aria-selected={value === key}
          onClick={() => onChange(key)}
          className={clsx(
            'rounded-full font-semibold',
            small ? 'px-3 py-1 text-xs' : 'px-4 py-1.5 text-sm',
            focusRing,
            value === key ? 'bg-brand/15 text-slate-900 dark:text-white' : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
          )}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
