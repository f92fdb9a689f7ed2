import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { CalendarClock, X } from 'lucide-react';

interface FreeTrialDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Placeholder for the free-trial booking dialog (spec 1, section 2); slot picking arrives with scheduling. */
export default function FreeTrialDialog({ open, onClose }: FreeTrialDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-950/50 backdrop-blur-sm transition-opacity duration-200 data-closed:opacity-0"
      />
      <div className="fixed inset-0 flex w-screen items-end justify-center p-4 sm:items-center">
        <DialogPanel
          transition
          className="relative w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl ring-1 ring-slate-900/5 transition duration-200 data-closed:translate-y-4 data-closed:opacity-0 sm:p-8 dark:bg-slate-900 dark:ring-white/10"
        >
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="absolute top-4 right-4 rounded-full p-1.5 text-slate-500 transition hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[#01B8AF] dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-200 dark:focus-visible:outline-[#0CD6CD]"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
          <span className="flex size-12 items-center justify-center rounded-xl bg-[#01B8AF]/10 text-teal-700 dark:bg-[#0CD6CD]/15 dark:text-[#0CD6CD]">
            <CalendarClock className="size-6" aria-hidden="true" />
          </span>
          <DialogTitle className="mt-5 text-xl font-bold tracking-tight text-slate-900 dark:text-white">
            Book your FREE Class
          </DialogTitle>
          <Description className="mt-2 text-base leading-relaxed text-slate-600 dark:text-slate-300">
            We are with you on your learning journey, you are just one step closer to booking your free trial.
          </Description>
          <p className="mt-4 rounded-xl bg-slate-50 px-4 py-3 text-sm leading-relaxed text-slate-600 ring-1 ring-slate-200 ring-inset dark:bg-slate-800/60 dark:text-slate-300 dark:ring-slate-700">
            Choosing your curriculum, subject, grade and a time slot opens here once lesson scheduling goes live.
          </p>
          <div className="mt-6 flex justify-end">
            <button
              type="button"
              onClick={onClose}
              className="rounded-full px-5 py-2.5 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 transition ring-inset hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[#01B8AF] dark:text-slate-200 dark:ring-slate-600 dark:hover:bg-slate-800 dark:focus-visible:outline-[#0CD6CD]"
            >
              Dismiss
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
