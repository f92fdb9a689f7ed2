import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { Check, ChevronsUpDown } from 'lucide-react';
import { useMemo, useState } from 'react';
import { fieldClass } from './classes';
import FieldShell, { describedBy } from './FieldShell';

export interface SearchOption {
  value: string;
  label: string;
}

interface SearchSelectProps {
  id: string;
  label: string;
  value: string;
  options: SearchOption[];
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  /** Offers what was typed as an option when it is valid but not listed (e.g. a language tag). */
  custom?: (query: string) => SearchOption | null;
  className?: string;
}

/** Long lists only show this many matches at a time; typing narrows them down. */
const MAX_SHOWN = 60;

/** A searchable select over a long list (time zones, currencies, countries, languages), keyboard-operable. */
export default function SearchSelect({
  id,
  label,
  value,
  options,
  onChange,
  error,
  hint,
  required,
  disabled,
  placeholder,
  custom,
  className,
}: SearchSelectProps) {
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    const matches = needle ? options.filter((o) => o.label.toLowerCase().includes(needle) || o.value.toLowerCase().includes(needle)) : options;
    const extra = needle && custom ? custom(query.trim()) : null;
    const list = extra && !matches.some((o) => o.value === extra.value) ? [extra, ...matches] : matches;
    return list.slice(0, MAX_SHOWN);
  }, [query, options, custom]);
  const labelOf = (v: string) => options.find((o) => o.value === v)?.label ?? custom?.(v)?.label ?? v;

  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint} className={className}>
      <Combobox
        value={value}
        onChange={(next: string | null) => {
          if (next !== null) onChange(next);
        }}
        onClose={() => setQuery('')}
        disabled={disabled}
        immediate
      >
        <div className="relative">
          <ComboboxInput
            id={id}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, error, hint)}
            className={`${fieldClass(error)} pr-10`}
            displayValue={(v: string) => (v ? labelOf(v) : '')}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={placeholder}
            autoComplete="off"
          />
          <ComboboxButton className="absolute inset-y-0 right-0 mt-1.5 flex items-center px-3 text-slate-400" aria-label={`Show ${label} options`}>
            <ChevronsUpDown className="size-4" aria-hidden="true" />
          </ComboboxButton>
        </div>
        <ComboboxOptions
          anchor={{ to: 'bottom start', gap: 4 }}
          className="z-[60] max-h-72 w-(--input-width) overflow-auto rounded-xl bg-white p-1 shadow-xl ring-1 ring-slate-200 empty:invisible focus:outline-none dark:bg-slate-900 dark:ring-slate-700"
        >
          {shown.length === 0 ? (
            <div className="px-3 py-2 text-sm text-slate-500 dark:text-slate-400">No matches</div>
          ) : (
            shown.map((option) => (
              <ComboboxOption
                key={option.value}
                value={option.value}
                className="flex cursor-default items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-800 select-none data-focus:bg-brand/15 dark:text-slate-100"
              >
                <Check className="size-4 shrink-0 text-brand-deep opacity-0 in-data-selected:opacity-100" aria-hidden="true" />
                <span className="truncate">{option.label}</span>
              </ComboboxOption>
            ))
          )}
        </ComboboxOptions>
      </Combobox>
    </FieldShell>
  );
}
