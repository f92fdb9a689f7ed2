import { useSetAtom } from 'jotai';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { accountDeletion } from '../../../schema/contracts/profile';
import { fieldErrorsOf, zodFieldErrors } from '../../lib/form-errors';
import { dropSessionAtom } from '../../lib/session';
import { PasswordField } from '../../ui/CredentialFields';
import { useToast } from '../../ui/toast/use-toast';
import { profileCalls } from './api';
import ConfirmDialog, { dangerButton } from './fields/ConfirmDialog';
import SectionCard from './SectionCard';

/** Deleting the account: says exactly what goes and what stays, and asks for the password first. */
export default function DangerZone({ isParent }: { isParent: boolean }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const dropSession = useSetAtom(dropSessionAtom);
  const navigate = useNavigate();
  const toast = useToast();

  const close = () => {
    setOpen(false);
    setPassword('');
    setError(undefined);
  };

  async function confirm() {
    const parsed = accountDeletion.safeParse({ password });
    if (!parsed.success) {
      setError(zodFieldErrors(parsed.error).password);
      return;
    }
    try {
      await profileCalls.deleteAccount(parsed.data);
      toast.success('Your account has been deleted');
      dropSession();
      await navigate('/', { replace: true });
    } catch (failure) {
      setError(fieldErrorsOf(failure).password);
      toast.error(failure);
    }
  }

  return (
    <SectionCard title="Danger zone" tone="danger">
      <p className="text-sm text-slate-600 dark:text-slate-400">Delete your account and the personal details it holds. This cannot be undone.</p>
      <button type="button" className={`${dangerButton} mt-4`} onClick={() => setOpen(true)}>
        <Trash2 className="size-4" aria-hidden="true" />
        Delete account
      </button>
      <ConfirmDialog open={open} title="Delete your account?" confirmLabel="Delete my account" onConfirm={confirm} onClose={close}>
        <div className="space-y-3">
          <div>
            <p className="font-semibold text-slate-900 dark:text-white">Removed now</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5">
              <li>Your name, email, phone, country, bio and photo</li>
              <li>Your experience, qualifications, achievements, languages and subjects</li>
              <li>{isParent ? 'The links to your students (their own accounts stay)' : 'Links to a parent’s account'}</li>
              <li>Every signed-in session, on all your devices</li>
            </ul>
          </div>
          <div>
            <p className="font-semibold text-slate-900 dark:text-white">Kept, without your name</p>
            <p className="mt-1">Records that payments depend on — invoices, payments and lesson history — stay for accounting, shown as “Deleted user”.</p>
          </div>
          <PasswordField
            id="delete-password"
            label="Your password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={error}
          />
        </div>
      </ConfirmDialog>
    </SectionCard>
  );
}
