import clsx from 'clsx';
import { ChevronDown } from 'lucide-react';
import type { SelectHTMLAttributes } from 'react';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  id: string;
  label: string;
  error?: string;
  options: { value: string; label: string }[];
  /** Text of the empty first option, for optional fields. */
  placeholder?: string;
}

/** A labelled native select (keyboard and screen-reader friendly on every device), styled like TextField. */
export default function SelectField({ id, label, error, required, className, options, placeholder, ...select }: SelectFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
        {required && (
          <span className="text-rose-600 dark:text-rose-400" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <div className="relative mt-1.5">
        <select
          id={id}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={clsx(
            'block w-full appearance-none rounded-xl border-0 bg-white py-2.5 pr-10 pl-3.5 text-base text-slate-900 shadow-sm ring-1 ring-inset focus:ring-2 focus:outline-none sm:text-sm dark:bg-slate-900 dark:text-white',
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
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-rose-600 dark:text-rose-400">
          {error}
        </p>
      )}
    </div>
  );
}
