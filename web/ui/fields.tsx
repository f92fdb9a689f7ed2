import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { fieldClass } from './classes';

/** A label, its control and the control's error, which the control names with aria-describedby. */
export function Field({ id, label, error, className, children }: { id: string; label: string; error?: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <div className="mt-1.5">{children}</div>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-rose-600 dark:text-rose-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled native select whose choices are its children (SelectField takes them as a list and draws its own arrow). */
export function ChoiceField({
  id,
  label,
  error,
  className,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { id: string; label: string; error?: string }) {
  return (
    <Field id={id} label={label} error={error} className={className}>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className={fieldClass(error)} {...select}>
        {children}
      </select>
    </Field>
  );
}

export function TextAreaField({
  id,
  label,
  error,
  className,
  ...area
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; label: string; error?: string }) {
  return (
    <Field id={id} label={label} error={error} className={className}>
      <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className={fieldClass(error)} {...area} />
    </Field>
  );
}
