import clsx from 'clsx';
import { ChevronDown } from 'lucide-react';
import type { SelectHTMLAttributes } from 'react';
import { errorAria, FieldError, FieldLabel } from './fields';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  id: string;
  label: string;
  error?: string;
  options: { value: string; label: string }[];
  /** Text of the empty first option, for optional fields. */
  placeholder?: string;
}

/**
 * A labelled native select (keyboard and screen-reader friendly on every device), styled like TextField. A select
 * waiting for an earlier choice (a subject before its curriculum) is disabled and looks it.
 */
export default function SelectField({ id, label, error, required, className, options, placeholder, ...select }: SelectFieldProps) {
  return (
    <div className={className}>
      <FieldLabel id={id} label={label} required={required} />
      <div className="relative mt-1.5">
        <select
          id={id}
          required={required}
          {...errorAria(id, error)}
          className={clsx(
            'block w-full appearance-none rounded-xl border-0 bg-white py-2.5 pr-10 pl-3.5 text-base text-slate-900 shadow-sm ring-1 ring-inset focus:ring-2 focus:outline-none disabled:cursor-not-allowed disabled:opacity-60 sm:text-sm dark:bg-slate-900 dark:text-white',
            error ? 'ring-rose-400 focus:ring-rose-500 dark:ring-rose-500' : 'ring-slate-300 focus:ring-brand dark:ring-slate-700',
          )}
          {...select}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
      </div>
      <FieldError id={id} error={error} label={label} />
    </div>
  );
}
