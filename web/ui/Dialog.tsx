import { DialogBackdrop, DialogPanel, DialogTitle, Dialog as HeadlessDialog } from '@headlessui/react';
import clsx from 'clsx';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { focusRing } from './classes';

/** A modal with a title and a close button; it opens as a sheet from the bottom on a phone. */
export function Dialog({ open, onClose, title, wide, children }: { open: boolean; onClose: () => void; title: string; wide?: boolean; children: ReactNode }) {
  return (
    <HeadlessDialog open={open} onClose={onClose} className="fixed inset-0 z-50">
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
            <button
              type="button"
              onClick={onClose}
              aria-label="Close dialog"
              className={`absolute top-4 right-4 rounded-full p-1.5 text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800 ${focusRing}`}
            >
              <X className="size-5" aria-hidden="true" />
            </button>
            <DialogTitle className="pr-10 text-xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</DialogTitle>
            <div className="mt-5">{children}</div>
          </DialogPanel>
        </div>
      </div>
    </HeadlessDialog>
  );
}
