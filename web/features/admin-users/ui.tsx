import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import clsx from 'clsx';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { focusRing, secondaryButton } from '../../ui/classes';

/** Shared pieces of the admin screens (users, roles). */

export const fieldClass = (error?: string) =>
  clsx(
    'block w-full rounded-xl border-0 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-400 focus:ring-2 focus:outline-none sm:text-sm dark:bg-slate-900 dark:text-white',
    error ? 'ring-rose-400 focus:ring-rose-500 dark:ring-rose-500' : 'ring-slate-300 focus:ring-brand dark:ring-slate-700',
  );

export const cardClass = 'rounded-2xl bg-white ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800';
export const dangerButton = `inline-flex items-center justify-center gap-2 rounded-full bg-rose-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-rose-700 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;
export const smallButton = `inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 ring-inset transition hover:bg-slate-50 dark:text-slate-200 dark:ring-slate-700 dark:hover:bg-slate-800 ${focusRing}`;

function FieldShell({ id, label, error, className, children }: { id: string; label: string; error?: string; className?: string; children: ReactNode }) {
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

export function SelectField({ id, label, error, className, children, ...select }: SelectHTMLAttributes<HTMLSelectElement> & { id: string; label: string; error?: string }) {
  return (
    <FieldShell id={id} label={label} error={error} className={className}>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className={fieldClass(error)} {...select}>
        {children}
      </select>
    </FieldShell>
  );
}

export function TextAreaField({ id, label, error, className, ...area }: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; label: string; error?: string }) {
  return (
    <FieldShell id={id} label={label} error={error} className={className}>
      <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className={fieldClass(error)} {...area} />
    </FieldShell>
  );
}

export function AdminDialog({ open, onClose, title, wide, children }: { open: boolean; onClose: () => void; title: string; wide?: boolean; children: ReactNode }) {
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-950/50 backdrop-blur-sm transition-opacity duration-200 data-closed:opacity-0" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-3 sm:items-center sm:p-6">
          <DialogPanel
            transition
            className={clsx(
              'relative w-full rounded-2xl bg-white p-5 shadow-2xl ring-1 ring-slate-900/5 transition duration-200 data-closed:translate-y-4 data-closed:opacity-0 sm:p-7 dark:bg-slate-900 dark:ring-white/10',
              wide ? 'max-w-4xl' : 'max-w-lg',
            )}
          >
            <button type="button" onClick={onClose} aria-label="Close dialog" className={`absolute top-4 right-4 rounded-full p-1.5 text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800 ${focusRing}`}>
              <X className="size-5" aria-hidden="true" />
            </button>
            <DialogTitle className="pr-10 text-xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</DialogTitle>
            <div className="mt-5">{children}</div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

/** "Showing 1–20 of 45" with previous and next. */
export function Pager({ offset, limit, total, onOffset }: { offset: number; limit: number; total: number; onOffset: (offset: number) => void }) {
  if (total === 0) return null;
  const first = offset + 1;
  const last = Math.min(offset + limit, total);
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3 text-sm text-slate-600 dark:text-slate-300">
      <p>
        Showing {first}–{last} of {total}
      </p>
      <div className="flex gap-2">
        <button type="button" className={`${secondaryButton} px-3! py-1.5!`} disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - limit))}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          Previous
        </button>
        <button type="button" className={`${secondaryButton} px-3! py-1.5!`} disabled={last >= total} onClick={() => onOffset(offset + limit)}>
          Next
          <ChevronRight className="size-4" aria-hidden="true" />
        </button>
      </div>
    </nav>
  );
}

export function EmptyState({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children?: ReactNode }) {
  return (
    <div className={`${cardClass} flex flex-col items-center px-6 py-14 text-center`}>
      <span className="flex size-12 items-center justify-center rounded-2xl bg-brand/15 text-brand">{icon}</span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{title}</h2>
      <p className="mt-1 max-w-sm text-sm text-slate-600 dark:text-slate-400">{text}</p>
      {children && <div className="mt-5">{children}</div>}
    </div>
  );
}
