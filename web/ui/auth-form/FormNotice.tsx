import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';

/** A message inside a form: a failure under the fields, or a confirmation above them. */
interface FormNoticeProps {
  kind: 'error' | 'success';
  id?: string;
  testId?: string;
  children: ReactNode;
}

export default function FormNotice({ kind, id, testId, children }: FormNoticeProps) {
  const Icon = kind === 'error' ? CircleAlert : CircleCheck;
  return (
    <p
      id={id}
      role={kind === 'success' ? 'status' : undefined}
      data-testid={testId}
      className={
        kind === 'error'
          ? 'flex items-start gap-2 rounded-xl bg-rose-50 px-3.5 py-3 text-sm text-rose-900 ring-1 ring-rose-200 ring-inset dark:bg-rose-950 dark:text-rose-100 dark:ring-rose-800'
          : 'flex items-start gap-2 rounded-xl bg-emerald-50 px-3.5 py-3 text-sm text-emerald-900 ring-1 ring-emerald-200 ring-inset dark:bg-emerald-950 dark:text-emerald-100 dark:ring-emerald-800'
      }
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
