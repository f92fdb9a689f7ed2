import type { TextareaHTMLAttributes } from 'react';
import { fieldClass } from './classes';
import FieldShell, { describedBy } from './FieldShell';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  id: string;
  label: string;
  error?: string;
  hint?: string;
}

export default function TextAreaField({ id, label, error, hint, required, className, rows = 4, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint} className={className}>
      <textarea
        id={id}
        rows={rows}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={fieldClass(error)}
        {...textarea}
      />
    </FieldShell>
  );
}
