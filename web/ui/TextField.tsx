import clsx from 'clsx';
import type { InputHTMLAttributes } from 'react';
import { fieldClass } from './classes';
import { errorAria, FieldError, FieldLabel } from './fields';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string;
}

/** A labelled input whose error is announced with it (aria-describedby) and marked required with an asterisk. */
export default function TextField({ id, label, error, required, className, ...input }: TextFieldProps) {
  return (
    <div className={className}>
      <FieldLabel id={id} label={label} required={required} />
      <input id={id} required={required} {...errorAria(id, error)} className={clsx('mt-1.5', fieldClass(error))} {...input} />
      <FieldError id={id} error={error} label={label} />
    </div>
  );
}
