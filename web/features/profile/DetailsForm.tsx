import { Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { profileUpdate, type UserProfile } from '../../../schema/contracts/profile';
import { countryOptions, timeZoneOptions } from '../../lib/choices';
import { fieldBinder, fieldSetter } from '../../lib/form-fields';
import { currencySearchOptions } from '../../lib/profile-choices';
import { primaryButton } from '../../ui/classes';
import SearchSelect from '../../ui/form-fields/SearchSelect';
import TextAreaField from '../../ui/form-fields/TextAreaField';
import Spinner from '../../ui/Spinner';
import TextField from '../../ui/TextField';
import { useToast } from '../../ui/toast/use-toast';
import { useCheckedSubmit } from '../../ui/use-checked-submit';
import { profileCalls } from './api';

type Values = { firstname: string; lastname: string; phone: string; bio: string; timezone: string; currency: string; country: string };

const valuesOf = (p: UserProfile): Values => ({
  firstname: p.firstname,
  lastname: p.lastname,
  phone: p.phone ?? '',
  bio: p.bio,
  timezone: p.timezone,
  currency: p.currency,
  country: p.country ?? '',
});

/** Name, phone, bio, time zone, currency and country, checked with the same schema as PUT /api/user. */
export default function DetailsForm({ profile, onSaved }: { profile: UserProfile; onSaved: (profile: UserProfile) => void }) {
  const [values, setValues] = useState<Values>(() => valuesOf(profile));
  const { errors, busy: saving, submit: checkedSubmit } = useCheckedSubmit();
  const toast = useToast();
  const change = fieldSetter(setValues);
  const bind = fieldBinder(values, errors, change);
  const bindValue = (key: keyof Values) => ({ value: values[key], error: errors[key], onChange: (value: string) => change(key, value) });

  async function submit(event: FormEvent) {
    event.preventDefault();
    await checkedSubmit(profileUpdate, values, async () => {
      const saved = await profileCalls.update(values);
      setValues(valuesOf(saved));
      onSaved(saved);
      toast.success('Profile updated!');
    });
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-5 sm:grid-cols-2" aria-label="Personal details">
      <TextField id="profile-firstname" label="First name" required autoComplete="given-name" {...bind('firstname')} />
      <TextField id="profile-lastname" label="Last name" required autoComplete="family-name" {...bind('lastname')} />
      <TextField id="profile-phone" label="Phone" type="tel" autoComplete="tel" placeholder="+65 6123 4567" {...bind('phone')} />
      <SearchSelect id="profile-country" label="Country" options={countryOptions()} {...bindValue('country')} placeholder="Search countries" />
      <SearchSelect
        id="profile-timezone"
        label="Time zone"
        required
        options={timeZoneOptions()}
        {...bindValue('timezone')}
        hint="Lesson times are shown in this zone."
      />
      <SearchSelect
        id="profile-currency"
        label="Currency"
        required
        options={currencySearchOptions()}
        {...bindValue('currency')}
        hint="Prices and invoices use this currency."
      />
      <TextAreaField id="profile-bio" label="About" className="sm:col-span-2" {...bind('bio')} placeholder="A few words about yourself" maxLength={2000} />
      <div className="sm:col-span-2">
        <button type="submit" className={primaryButton} disabled={saving}>
          {saving ? <Spinner className="size-4" /> : <Save className="size-4" aria-hidden="true" />}
          {saving ? 'Saving…' : 'Save changes'}
        </button>
      </div>
    </form>
  );
}
