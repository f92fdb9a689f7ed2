import { Copy, Plus, Trash2 } from 'lucide-react';
import { fieldClass, smallButton } from '../../ui/classes';
import { errorSentence } from '../../ui/fields';
import { addRange, copyMondayToWorkdays, type ItemDraft, WEEK_ORDER } from './availability-form';

const dayName = (day: string) => new Intl.DateTimeFormat(undefined, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 7 + Number(day))));

interface WeeklyHoursProps {
  item: ItemDraft;
  index: number;
  errors: Record<string, string>;
  onChange: (item: ItemDraft) => void;
}

/** One availability item's working hours, a row per weekday with any number of ranges. */
export default function WeeklyHours({ item, index, errors, onChange }: WeeklyHoursProps) {
  const setRange = (day: (typeof WEEK_ORDER)[number], at: number, field: 'start' | 'end', value: string) =>
    onChange({ ...item, weekly: { ...item.weekly, [day]: item.weekly[day].map((r, i) => (i === at ? { ...r, [field]: value } : r)) } });
  const removeRange = (day: (typeof WEEK_ORDER)[number], at: number) =>
    onChange({ ...item, weekly: { ...item.weekly, [day]: item.weekly[day].filter((_, i) => i !== at) } });

  return (
    <div>
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Working hours</h3>
        <button type="button" className={smallButton} onClick={() => onChange(copyMondayToWorkdays(item))}>
          <Copy className="size-4" aria-hidden="true" /> Copy Monday to weekdays
        </button>
      </div>
      <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
        {WEEK_ORDER.map((day) => {
          const name = dayName(day);
          return (
            <li key={day} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start" data-testid={`day-${name}`}>
              <span className="w-28 shrink-0 pt-2 text-sm font-medium text-slate-700 dark:text-slate-200">{name}</span>
              <div className="flex flex-1 flex-col gap-2">
                {item.weekly[day].length === 0 && <span className="pt-2 text-sm text-slate-500 dark:text-slate-400">Not working</span>}
                {item.weekly[day].map((range, at) => {
                  const base = `items.${index}.weekly.${day}.${at}`;
                  const startError = errors[`${base}.start`];
                  const error = startError ?? errors[`${base}.end`];
                  return (
                    <div key={at}>
                      <div className="flex min-w-0 flex-wrap items-center gap-2">
                        <input
                          type="time"
                          step={900}
                          aria-label={`${name} range ${at + 1} start`}
                          value={range.start}
                          onChange={(e) => setRange(day, at, 'start', e.target.value)}
                          className={`${fieldClass(error)} w-32 min-w-0`}
                        />
                        <span className="text-slate-500" aria-hidden="true">
                          –
                        </span>
                        <input
                          type="time"
                          step={900}
                          aria-label={`${name} range ${at + 1} end`}
                          value={range.end}
                          onChange={(e) => setRange(day, at, 'end', e.target.value)}
                          className={`${fieldClass(error)} w-32 min-w-0`}
                        />
                        <button type="button" className={smallButton} aria-label={`Remove ${name} range ${at + 1}`} onClick={() => removeRange(day, at)}>
                          <Trash2 className="size-4" aria-hidden="true" />
                        </button>
                      </div>
                      {error && (
                        <p className="mt-1 text-sm text-rose-600 dark:text-rose-400">
                          {errorSentence(`${name}'s ${startError ? 'start' : 'end'} time`, error)}
                        </p>
                      )}
                    </div>
                  );
                })}
              </div>
              <button type="button" className={`${smallButton} self-start`} aria-label={`Add hours on ${name}`} onClick={() => onChange(addRange(item, day))}>
                <Plus className="size-4" aria-hidden="true" /> Add hours
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
