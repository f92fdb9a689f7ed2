import type { ReactNode } from 'react';
import { FieldError, FieldLabel } from '../fields';

interface FieldShellProps {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  className?: string;
  children: ReactNode;
}

/** Label, control and error of one field; the control gets `id`, and `${id}-error` / `${id}-hint` describe it. */
export default function FieldShell({ id, label, required, error, hint, className, children }: FieldShellProps) {
  return (
    <div className={className}>
      <FieldLabel id={id} label={label} required={required} />
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} label={label} />
    </div>
  );
}

export const describedBy = (id: string, error?: string, hint?: string) => (error ? `${id}-error` : hint ? `${id}-hint` : undefined);
