import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { fieldClass } from './classes';

/** A label, its control and the control's error, which the control names with aria-describedby. */
export function Field({ id, label, error, className, children }: { id: string; label: string; error?: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <FieldLabel id={id} label={label} />
      <div className="mt-1.5">{children}</div>
      <FieldError id={id} error={error} label={label} />
    </div>
  );
}

/** Marks a control invalid and points it at its FieldError while it has one. */
export const errorAria = (id: string, error?: string) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

/** A control's label, with an asterisk (hidden from screen readers, which hear `required`) when it must be filled in. */
export function FieldLabel({ id, label, required }: { id: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
      {label}
      {required && (
        <span className="text-rose-600 dark:text-rose-400" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  );
}

/**
 * A field's problem as a sentence naming the field as its label does: the shared schemas word a problem without its
 * field ("is required", "cannot be negative"), so ("Start (Asia/Singapore)", "is required") → "Start is required.".
 * A message that already is a sentence (a capital first) stays as it is.
 */
export function errorSentence(label: string | undefined, error: string) {
  if (!label || !/^[a-z]/.test(error)) return error;
  const sentence = `${label.replace(/\s*\(.*\)$/, '')} ${error}`;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** The error under a control, under the id the control names with aria-describedby, as a sentence naming `label`. */
export function FieldError({ id, error, label }: { id: string; error?: string; label?: string }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1.5 text-sm text-rose-600 dark:text-rose-400">
      {errorSentence(label, error)}
    </p>
  ) : null;
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
      <select id={id} {...errorAria(id, error)} className={fieldClass(error)} {...select}>
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
      <textarea id={id} {...errorAria(id, error)} className={fieldClass(error)} {...area} />
    </Field>
  );
}
