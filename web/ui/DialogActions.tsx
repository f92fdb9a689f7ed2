import clsx from 'clsx';
import type { ReactNode } from 'react';
import { dangerButton, primaryButton, secondaryButton } from './classes';
import Spinner from './Spinner';

/**
 * The Cancel and confirm buttons at the foot of a dialog or form: the confirm button submits the form, or, given
 * onConfirm, runs a destructive action. While busy it shows a spinner in place of the icon and cannot be pressed again.
 */
export function DialogActions({
  onCancel,
  onConfirm,
  busy,
  icon,
  className,
  children,
}: {
  onCancel: () => void;
  onConfirm?: () => void;
  busy: boolean;
  icon?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={clsx('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
      <button type="button" className={secondaryButton} onClick={onCancel}>
        Cancel
      </button>
      <button type={onConfirm ? 'button' : 'submit'} className={onConfirm ? dangerButton : primaryButton} disabled={busy} onClick={onConfirm}>
        {busy ? <Spinner className="size-4" /> : icon}
        {children}
      </button>
    </div>
  );
}
