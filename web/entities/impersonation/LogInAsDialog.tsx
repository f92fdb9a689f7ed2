import { LogIn } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { logInAsUserInput } from '../../../schema/contracts/admin-users';
import { REASON_MAX } from '../../../schema/contracts/audit';
import { type FieldErrors, fieldErrorsOf, zodFieldErrors } from '../../lib/form-errors';
import { primaryButton, secondaryButton } from '../../ui/classes';
import { Dialog } from '../../ui/Dialog';
import { TextAreaField } from '../../ui/fields';
import Spinner from '../../ui/Spinner';
import { useToast } from '../../ui/toast/use-toast';
import { useLogInAsUser } from './use-impersonation';

interface Props {
  open: boolean;
  person: { _id: string; name: string; firstname: string };
  /** Where "Return to my account" comes back to. */
  returnTo: string;
  onClose: () => void;
}

/**
 * "Log in as Sam Student?": says what acting as someone means and asks why, in a sentence the audit log keeps beside
 * the admin's name; nothing happens until the admin confirms.
 */
export default function LogInAsDialog({ open, person, returnTo, onClose }: Props) {
  const logInAs = useLogInAsUser();
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = logInAsUserInput.safeParse({ userId: person._id, reason });
    if (!checked.success) {
      setErrors(zodFieldErrors(checked.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await logInAs(checked.data, returnTo);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields.reason) setErrors(fields);
      else toast.error(error);
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title={`Log in as ${person.name}?`}>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        <div className="space-y-2 text-sm text-slate-600 dark:text-slate-300">
          <p>
            You will see the portal exactly as {person.firstname} does, and what you change is changed for {person.firstname}. Their password and payment
            methods stay locked.
          </p>
          <p>
            The audit log records that you did it, with your reason, and marks everything you change meanwhile with your name. Use “Return to my account” in the
            banner at the top to come back.
          </p>
        </div>
        <TextAreaField
          id="log-in-as-reason"
          label="Reason"
          rows={3}
          maxLength={REASON_MAX}
          placeholder="For example: Checking his booking problem"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={errors.reason && `Reason ${errors.reason}.`}
          required
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButton} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? <Spinner className="size-4" /> : <LogIn className="size-4" aria-hidden="true" />}
            Log in as {person.firstname}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
