import { Description, DialogTitle } from '@headlessui/react';
import { PartyPopper } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { TRIAL_CREATED_FLAG } from '../features/trials/trial-flag';
import { primaryButton } from '../ui/classes';
import ModalPanel from '../ui/ModalPanel';

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
    <ModalPanel
      onClose={dismiss}
      testId="trial-scheduled-dialog"
      placeClassName="items-center p-4"
      className="relative w-full max-w-md rounded-3xl bg-white p-6 text-center shadow-2xl ring-1 ring-slate-900/5 sm:p-8 dark:bg-slate-900 dark:ring-white/10"
    >
      <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-brand/15 text-brand-deep">
        <PartyPopper className="size-8" aria-hidden="true" />
      </span>
      <DialogTitle className="mt-5 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">Congratulations!</DialogTitle>
      <Description className="mt-3 text-base leading-relaxed text-slate-600 dark:text-slate-300">
        Your trial class is successfully scheduled. Check your homepage and email for details.
      </Description>
      <button type="button" onClick={dismiss} className={`mt-8 w-full ${primaryButton}`}>
        Dismiss
      </button>
    </ModalPanel>
  );
}
