import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { changePasswordRequest, PASSWORD_CHANGED } from '../../../schema/contracts/passwords';
import { fieldBinder, fieldSetter } from '../../lib/form-fields';
import { PasswordField } from '../../ui/CredentialFields';
import { primaryButton } from '../../ui/classes';
import { useToast } from '../../ui/toast/use-toast';
import { useCheckedSubmit } from '../../ui/use-checked-submit';
import { profileCalls } from './api';
import SectionCard from './SectionCard';

const noPasswords = { currentPassword: '', newPassword: '' };

/** Changing one's own password: the server keeps this session and signs every other one out. */
export default function ChangePasswordSection() {
  const [passwords, setPasswords] = useState(noPasswords);
  const { errors, busy: saving, submit: checkedSubmit } = useCheckedSubmit();
  const bind = fieldBinder(passwords, errors, fieldSetter(setPasswords));
  const toast = useToast();

  async function submit(event: FormEvent) {
    event.preventDefault();
    await checkedSubmit(changePasswordRequest, passwords, async (body) => {
      await profileCalls.changePassword(body);
      setPasswords(noPasswords);
      toast.success(PASSWORD_CHANGED);
    });
  }

  return (
    <SectionCard title="Change password">
      <form className="grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
        <PasswordField id="current-password" label="Current password" autoComplete="current-password" {...bind('currentPassword')} />
        <PasswordField id="new-password" label="New password" autoComplete="new-password" {...bind('newPassword')} />
        <div className="sm:col-span-2">
          <p className="text-sm text-slate-600 dark:text-slate-400">Your other devices will be signed out; this one stays signed in.</p>
          <button type="submit" className={`${primaryButton} mt-3`} disabled={saving}>
            <KeyRound className="size-4" aria-hidden="true" />
            Change password
          </button>
        </div>
      </form>
    </SectionCard>
  );
}
