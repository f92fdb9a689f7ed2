import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { PartyPopper, X } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { iconButton, primaryButton } from '../ui/classes';
import { TRIAL_CREATED_FLAG } from './trial-flag';

/** Opened by `?trialClassCreated`; dismissing removes the flag from the address without a reload. */
export default function TrialScheduledDialog() {
  const location = useLocation();
  const navigate = useNavigate();

  const dismiss = () => {
    const params = new URLSearchParams(location.search);
    params.delete(TRIAL_CREATED_FLAG);
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
  };

  return (
    <Dialog open onClose={dismiss} className="fixed inset-0 z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-950/50 backdrop-blur-sm" />
      <div className="fixed inset-0 flex w-screen items-center justify-center p-4">
        <DialogPanel
          data-testid="trial-scheduled-dialog"
          className="relative w-full max-w-md rounded-3xl bg-white p-6 text-center shadow-2xl ring-1 ring-slate-900/5 sm:p-8 dark:bg-slate-900 dark:ring-white/10"
        >
          <button type="button" onClick={dismiss} aria-label="Close" className={`absolute top-3 right-3 ${iconButton}`}>
            <X className="size-5" aria-hidden="true" />
          </button>
          <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-brand/15 text-brand">
            <PartyPopper className="size-8" aria-hidden="true" />
          </span>
          <DialogTitle className="mt-5 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">Congratulations!</DialogTitle>
          <Description className="mt-3 text-base leading-relaxed text-slate-600 dark:text-slate-300">
            Your trial class is successfully scheduled. Check your homepage and email for details.
          </Description>
          <button type="button" onClick={dismiss} className={`mt-8 w-full ${primaryButton}`}>
            Dismiss
          </button>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
