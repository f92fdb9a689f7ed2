import { UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { type AdminUserRow, createAdminUser, type ManagedRole, managedRoles } from '../../../schema/contracts/admin-users';
import { fieldBinder, fieldSetter } from '../../lib/form-fields';
import { Dialog } from '../../ui/Dialog';
import { DialogActions } from '../../ui/DialogActions';
import { ChoiceField } from '../../ui/fields';
import TextField from '../../ui/TextField';
import { useToast } from '../../ui/toast/use-toast';
import { useCheckedSubmit } from '../../ui/use-checked-submit';
import { adminUserCalls } from './api';
import CountryField from './CountryField';
import { roleLabels } from './labels';
import { useRoleOptions } from './use-role-options';

type NewUserForm = Record<'firstname' | 'lastname' | 'email' | 'phone' | 'country' | 'adminRoleId', string> & { role: ManagedRole };

const empty: NewUserForm = { role: 'STUDENT', firstname: '', lastname: '', email: '', phone: '', country: '', adminRoleId: '' };

/** Creates an account; the server e-mails a temporary password, so the admin never sees or sends one. */
export default function NewUserDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (user: AdminUserRow) => void }) {
  const [form, setForm] = useState<NewUserForm>(empty);
  const { errors, setErrors, busy: saving, submit: checkedSubmit } = useCheckedSubmit();
  const toast = useToast();
  const roleOptions = useRoleOptions(open && form.role === 'ADMIN');
  const bind = fieldBinder(form, errors, fieldSetter(setForm));

  const close = () => {
    setForm(empty);
    setErrors({});
    onClose();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    await checkedSubmit(createAdminUser, { ...form, adminRoleId: form.role === 'ADMIN' ? form.adminRoleId : '' }, async (body) => {
      const created = await adminUserCalls.create(body);
      toast.success('User created! A temporary password was e-mailed to them.');
      onCreated(created);
      close();
    });
  }

  return (
    <Dialog open={open} onClose={close} title="New user">
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 sm:grid-cols-2">
        <ChoiceField id="new-user-role" label="Role" {...bind('role')} className="sm:col-span-2">
          {managedRoles.map((role) => (
            <option key={role} value={role}>
              {roleLabels[role]}
            </option>
          ))}
        </ChoiceField>
        <TextField id="new-user-firstname" label="First name" required {...bind('firstname')} autoComplete="off" />
        <TextField id="new-user-lastname" label="Last name" required {...bind('lastname')} autoComplete="off" />
        <TextField id="new-user-email" label="Email" type="email" required {...bind('email')} autoComplete="off" className="sm:col-span-2" />
        <TextField id="new-user-phone" label="Phone" type="tel" {...bind('phone')} autoComplete="off" />
        <CountryField id="new-user-country" {...bind('country')} />
        {form.role === 'ADMIN' && (
          <ChoiceField id="new-user-admin-role" label="Admin role" {...bind('adminRoleId')} className="sm:col-span-2">
            <option value="">{roleOptions ? 'Choose a role' : 'Loading roles…'}</option>
            {roleOptions?.map((r) => (
              <option key={r._id} value={r._id}>
                {r.name}
              </option>
            ))}
          </ChoiceField>
        )}
        <p className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-400">We e-mail a temporary password; they choose their own at first sign-in.</p>
        <DialogActions onCancel={close} busy={saving} icon={<UserPlus className="size-4" aria-hidden="true" />} className="sm:col-span-2">
          Create user
        </DialogActions>
      </form>
    </Dialog>
  );
}
