import clsx from 'clsx';
import type { InputHTMLAttributes } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string;
}

/** A labelled input whose error is announced with it (aria-describedby) and marked required with an asterisk. */
export default function TextField({ id, label, error, required, className, ...input }: TextFieldProps) {
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
      <input
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={clsx(
          'mt-1.5 block w-full rounded-xl border-0 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-400 focus:ring-2 focus:outline-none sm:text-sm dark:bg-slate-900 dark:text-white',
          error ? 'ring-rose-400 focus:ring-rose-500 dark:ring-rose-500' : 'ring-slate-300 focus:ring-brand dark:ring-slate-700',
        )}
        {...input}
      />
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-rose-600 dark:text-rose-400">
          {error}
        </p>
      )}
    </div>
  );
}
