import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { format, parseISO, startOfToday } from 'date-fns';
import { CalendarDays } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { DayPicker, labelDayButton } from 'react-day-picker';
import { focusRing } from './classes';
import 'react-day-picker/style.css';

interface DatePickerProps {
  /** `YYYY-MM-DD` or empty. */
  value: string;
  onChange: (date: string) => void;
  /** The last day that may be picked (`YYYY-MM-DD`); the calendar does not go past its month. */
  until?: string;
  /** Days marked as having free times (`YYYY-MM-DD`): bold with a dot, and said so to screen readers. */
  marked?: string[];
  /** A sentence under the calendar, e.g. why it stops where it does. */
  note?: ReactNode;
}

const calendarClass = 'rounded-2xl p-2 ring-1 ring-slate-200 dark:ring-slate-700';
// Inline, because the calendar's own stylesheet sets these on its root and would win over a utility class.
const brandColours = {
  '--rdp-accent-color': 'var(--brand-strong)',
  '--rdp-accent-background-color': 'color-mix(in oklab, var(--brand) 15%, transparent)',
} as CSSProperties;

/**
 * The trial date (spec 1 section 2): a field showing `YYYY MMM DD` that opens a calendar, replaced by the calendar
 * itself from the lg breakpoint; days before today cannot be picked.
 */
export default function DatePicker({ value, onChange, until, marked, note }: DatePickerProps) {
  const selected = value ? parseISO(value) : undefined;
  const last = until ? parseISO(until) : undefined;
  const pick = (day: Date | undefined, close?: () => void) => {
    if (!day) return;
    onChange(format(day, 'yyyy-MM-dd'));
    close?.();
  };
  const calendar = (close?: () => void) => (
    <DayPicker
      mode="single"
      selected={selected}
      onSelect={(day) => pick(day, close)}
      disabled={last ? [{ before: startOfToday() }, { after: last }] : { before: startOfToday() }}
      startMonth={startOfToday()}
      endMonth={last}
      modifiers={{ free: (marked ?? []).map((day) => parseISO(day)) }}
      modifiersClassNames={{ free: 'rdp-free' }}
      labels={{ labelDayButton: (date, modifiers, ...rest) => `${labelDayButton(date, modifiers, ...rest)}${modifiers.free ? ', free times' : ''}` }}
      defaultMonth={selected}
      className={calendarClass}
      style={brandColours}
    />
  );

  return (
    <div>
      <span id="trial-date-label" className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        Date
        <span className="text-rose-600 dark:text-rose-400" aria-hidden="true">
          {' '}
          *
        </span>
      </span>
      <Popover className="relative mt-1.5 lg:hidden">
        <PopoverButton
          aria-labelledby="trial-date-label trial-date-value"
          className={`flex w-full items-center justify-between rounded-xl bg-white px-3.5 py-2.5 text-left text-base shadow-sm ring-1 ring-slate-300 ring-inset sm:text-sm dark:bg-slate-900 dark:ring-slate-700 ${focusRing}`}
        >
          <span id="trial-date-value" className={value ? 'text-slate-900 dark:text-white' : 'text-slate-400'}>
            {selected ? format(selected, 'yyyy MMM dd') : 'YYYY MMM DD'}
          </span>
          <CalendarDays className="size-5 text-slate-500" aria-hidden="true" />
        </PopoverButton>
        <PopoverPanel anchor="bottom start" className="z-[60] mt-2 rounded-2xl bg-white shadow-xl dark:bg-slate-900">
          {({ close }) => calendar(close)}
        </PopoverPanel>
      </Popover>
      <div className="mt-1.5 hidden lg:block" aria-labelledby="trial-date-label" role="group">
        {calendar()}
        {selected && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{format(selected, 'yyyy MMM dd')}</p>}
      </div>
      {note && (
        <p data-testid="date-note" className="mt-1.5 text-sm text-slate-600 dark:text-slate-300">
          {note}
        </p>
      )}
    </div>
  );
}
