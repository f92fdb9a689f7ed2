import { type ReactNode, useState } from 'react';
import { secondaryButton } from '../../../ui/classes';
import Spinner from '../../../ui/Spinner';
import FormDialog from './FormDialog';

export const dangerButton =
  'inline-flex items-center justify-center gap-2 rounded-full bg-rose-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-rose-700 disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-600';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** Asks before a destructive action; the confirm button waits for the action to finish. */
export default function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onClose }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog open={open} title={title} onClose={onClose}>
      <div className="text-sm text-slate-600 dark:text-slate-300">{children}</div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={secondaryButton} onClick={onClose}>
          Cancel
        </button>
        <button type="button" className={dangerButton} onClick={() => void confirm()} disabled={busy}>
          {busy && <Spinner className="size-4" />}
          {confirmLabel}
        </button>
      </div>
    </FormDialog>
  );
}
