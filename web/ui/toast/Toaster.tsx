import clsx from 'clsx';
import { useAtomValue, useSetAtom } from 'jotai';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { useEffect } from 'react';
import { dismissToastAtom, TOAST_AUTO_HIDE_MS, type Toast, toastsAtom } from '../toast-atoms';

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useSetAtom(dismissToastAtom);

  useEffect(() => {
    const timer = window.setTimeout(() => dismiss(toast.id), TOAST_AUTO_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [dismiss, toast.id]);

  const Icon = toast.kind === 'error' ? CircleAlert : CircleCheck;
  return (
    <li
      data-testid={`toast-${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      className={clsx(
        'pointer-events-auto flex w-full items-start gap-3 rounded-xl px-4 py-3 text-sm font-medium shadow-lg ring-1',
        toast.kind === 'error'
          ? 'bg-rose-50 text-rose-900 ring-rose-200 dark:bg-rose-950 dark:text-rose-100 dark:ring-rose-800'
          : 'bg-emerald-50 text-emerald-900 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-100 dark:ring-emerald-800',
      )}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p className="flex-1 break-words">{toast.text}</p>
      <button
        type="button"
        onClick={() => dismiss(toast.id)}
        aria-label="Close notification"
        className="-m-1 rounded-md p-1 opacity-70 transition hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </li>
  );
}

/** Error and success toasts, top-centre (spec 1, section 2). */
export default function Toaster() {
  const toasts = useAtomValue(toastsAtom);
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-3 z-[60] flex justify-center px-3">
      <ul className="flex w-full max-w-md flex-col gap-2">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ul>
    </div>
  );
}
