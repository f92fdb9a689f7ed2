import { Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { type AdminUserRecord, type AdminUserRow, availabilityStates, updateAdminUser } from '../../../schema/contracts/admin-users';
import { fieldBinder, fieldSetter } from '../../lib/form-fields';
import { cardClass, primaryButton } from '../../ui/classes';
import { ChoiceField } from '../../ui/fields';
import Spinner from '../../ui/Spinner';
import TextField from '../../ui/TextField';
import { useToast } from '../../ui/toast/use-toast';
import { useCheckedSubmit } from '../../ui/use-checked-submit';
import { adminUserCalls } from './api';
import CountryField from './CountryField';
import { useRoleOptions } from './use-role-options';

const availabilityLabels: Record<(typeof availabilityStates)[number], string> = {
  available: 'Available',
  notAvailable: 'Not available',
  onABreak: 'On a break',
  resigned: 'Resigned',
  demoStage: 'Demo stage',
  notAvailableAdmin: 'Not available (set by admin)',
  notInterested: 'Not interested',
};

const fields = [
  'firstname',
  'lastname',
  'email',
  'phone',
  'country',
  'timezone',
  'currency',
  'curriculum',
  'grade',
  'availabilityState',
  'adminRoleId',
] as const;
type Form = Record<(typeof fields)[number], string>;

const formOf = (user: AdminUserRecord): Form => Object.fromEntries(fields.map((f) => [f, user[f] ?? ''])) as Form;

export default function UserDetailsForm({ user, canEdit, onSaved }: { user: AdminUserRecord; canEdit: boolean; onSaved: (row: AdminUserRow) => void }) {
  const [form, setForm] = useState<Form>(() => formOf(user));
  const { errors, busy: saving, submit: checkedSubmit } = useCheckedSubmit();
  const bind = fieldBinder(form, errors, fieldSetter(setForm));
  const toast = useToast();
  const roleOptions = useRoleOptions(canEdit && user.role === 'ADMIN');
  const learner = user.role === 'STUDENT';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      ...form,
      curriculum: learner ? form.curriculum : undefined,
      grade: learner ? form.grade : undefined,
      availabilityState: user.role === 'TUTOR' ? form.availabilityState : undefined,
      adminRoleId: user.role === 'ADMIN' ? form.adminRoleId : undefined,
    };
    await checkedSubmit(updateAdminUser, body, async (data) => {
      onSaved(await adminUserCalls.update(user._id, data));
      toast.success('User updated!');
    });
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className={`${cardClass} p-5 sm:p-6`}>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Details</h2>
      <fieldset disabled={!canEdit} className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField id="user-firstname" label="First name" required {...bind('firstname')} />
        <TextField id="user-lastname" label="Last name" required {...bind('lastname')} />
        <TextField id="user-email" label="Email" type="email" required {...bind('email')} />
        <TextField id="user-phone" label="Phone" type="tel" {...bind('phone')} />
        <CountryField id="user-country" {...bind('country')} />
        <TextField id="user-timezone" label="Time zone" {...bind('timezone')} placeholder="Asia/Singapore" />
        <TextField id="user-currency" label="Currency" {...bind('currency')} maxLength={3} />
        {learner && (
          <>
            <TextField id="user-curriculum" label="Curriculum" {...bind('curriculum')} />
            <TextField id="user-grade" label="Grade" {...bind('grade')} />
          </>
        )}
        {user.role === 'TUTOR' && (
          <ChoiceField id="user-availability" label="Availability" {...bind('availabilityState')}>
            <option value="">Not set</option>
            {availabilityStates.map((state) => (
              <option key={state} value={state}>
                {availabilityLabels[state]}
              </option>
            ))}
          </ChoiceField>
        )}
        {user.role === 'ADMIN' && (
          <ChoiceField id="user-admin-role" label="Admin role" {...bind('adminRoleId')}>
            {!roleOptions && user.adminRole && <option value={user.adminRole._id}>{user.adminRole.name}</option>}
            {roleOptions?.map((r) => (
              <option key={r._id} value={r._id}>
                {r.name}
              </option>
            ))}
          </ChoiceField>
        )}
      </fieldset>
      {canEdit && (
        <div className="mt-5 flex justify-end">
          <button type="submit" className={primaryButton} disabled={saving}>
            {saving ? <Spinner className="size-4" /> : <Save className="size-4" aria-hidden="true" />}
            Save changes
          </button>
        </div>
      )}
    </form>
  );
}
