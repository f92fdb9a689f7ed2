import { useMemo } from 'react';
import { countryOptions, timeZoneOptions } from '../../lib/choices';
import { fieldBinder } from '../../lib/form-fields';
import { EmailField, PasswordField } from '../../ui/CredentialFields';
import SelectField from '../../ui/SelectField';
import TextField from '../../ui/TextField';

export interface GuestFields {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  timezone: string;
  country: string;
}

interface GuestDetailsProps {
  fields: GuestFields;
  errors: Partial<Record<keyof GuestFields, string>>;
  onChange: (key: keyof GuestFields, value: string) => void;
}

/** The sign-up fields a guest fills in to book: the trial creates their student account. */
export default function GuestDetails({ fields, errors, onChange }: GuestDetailsProps) {
  const zones = useMemo(() => timeZoneOptions(fields.timezone), [fields.timezone]);
  const countries = useMemo(countryOptions, []);
  const bind = fieldBinder(fields, errors, onChange);
  return (
    <fieldset className="space-y-4 border-t border-slate-200 pt-5 dark:border-slate-800">
      <legend className="sr-only">Your details</legend>
      <p className="text-sm font-semibold text-slate-900 dark:text-white" aria-hidden="true">
        Your details
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="trial-firstname" label="First name" autoComplete="given-name" required {...bind('firstname')} />
        <TextField id="trial-lastname" label="Last name" autoComplete="family-name" required {...bind('lastname')} />
      </div>
      <EmailField id="trial-email" label="Email" {...bind('email')} placeholder="you@example.com" />
      <PasswordField id="trial-password" label="Password" autoComplete="new-password" {...bind('password')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id="trial-timezone" label="Time zone" required {...bind('timezone')} options={zones} />
        <SelectField id="trial-country" label="Country" autoComplete="country" {...bind('country')} options={countries} placeholder="Prefer not to say" />
      </div>
    </fieldset>
  );
}
