import { Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { type AdminUserRecord, type AdminUserRow, availabilityStates, updateAdminUser } from '../../../schema/contracts/admin-users';
import { useCheckedSubmit } from '../../lib/use-checked-submit';
import { cardClass, primaryButton } from '../../ui/classes';
import { ChoiceField } from '../../ui/fields';
import Spinner from '../../ui/Spinner';
import TextField from '../../ui/TextField';
import { useToast } from '../../ui/toast/use-toast';
import { adminUserCalls } from './api';
import { countryOptions } from './countries';
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
  const toast = useToast();
  const roleOptions = useRoleOptions(canEdit && user.role === 'ADMIN');
  const set = (field: keyof Form) => (event: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: event.target.value }));
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
        <TextField id="user-firstname" label="First name" required value={form.firstname} onChange={set('firstname')} error={errors.firstname} />
        <TextField id="user-lastname" label="Last name" required value={form.lastname} onChange={set('lastname')} error={errors.lastname} />
        <TextField id="user-email" label="Email" type="email" required value={form.email} onChange={set('email')} error={errors.email} />
        <TextField id="user-phone" label="Phone" type="tel" value={form.phone} onChange={set('phone')} error={errors.phone} />
        <ChoiceField id="user-country" label="Country" value={form.country} onChange={set('country')} error={errors.country}>
          <option value="">Not set</option>
          {countryOptions().map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </ChoiceField>
        <TextField id="user-timezone" label="Time zone" value={form.timezone} onChange={set('timezone')} error={errors.timezone} placeholder="Asia/Singapore" />
        <TextField id="user-currency" label="Currency" value={form.currency} onChange={set('currency')} error={errors.currency} maxLength={3} />
        {learner && (
          <>
            <TextField id="user-curriculum" label="Curriculum" value={form.curriculum} onChange={set('curriculum')} error={errors.curriculum} />
            <TextField id="user-grade" label="Grade" value={form.grade} onChange={set('grade')} error={errors.grade} />
          </>
        )}
        {user.role === 'TUTOR' && (
          <ChoiceField
            id="user-availability"
            label="Availability"
            value={form.availabilityState}
            onChange={set('availabilityState')}
            error={errors.availabilityState}
          >
            <option value="">Not set</option>
            {availabilityStates.map((state) => (
              <option key={state} value={state}>
                {availabilityLabels[state]}
              </option>
            ))}
          </ChoiceField>
        )}
        {user.role === 'ADMIN' && (
          <ChoiceField id="user-admin-role" label="Admin role" value={form.adminRoleId} onChange={set('adminRoleId')} error={errors.adminRoleId}>
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
