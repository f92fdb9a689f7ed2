import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { iconButton } from '../../../ui/classes';

interface FormDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Wider dialogs for forms with side-by-side fields. */
  wide?: boolean;
}

/** A modal for an edit form: focus is trapped inside, Escape and the close button dismiss it. */
export default function FormDialog({ open, title, onClose, children, wide }: FormDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-950/50 backdrop-blur-sm transition-opacity duration-200 data-closed:opacity-0" />
      <div className="fixed inset-0 flex w-screen items-end justify-center overflow-y-auto p-4 sm:items-center">
        <DialogPanel
          transition
          className={`relative w-full ${wide ? 'max-w-xl' : 'max-w-md'} rounded-2xl bg-white p-6 shadow-2xl ring-1 ring-slate-900/5 transition duration-200 data-closed:translate-y-4 data-closed:opacity-0 sm:p-7 dark:bg-slate-900 dark:ring-white/10`}
        >
          <div className="flex items-start justify-between gap-4">
            <DialogTitle className="text-lg font-bold tracking-tight text-slate-900 dark:text-white">{title}</DialogTitle>
            <button type="button" onClick={onClose} aria-label="Close" className={`${iconButton} -mt-2 -mr-2 size-9`}>
              <X className="size-5" aria-hidden="true" />
            </button>
          </div>
          <div className="mt-4">{children}</div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
