import type { ComponentProps } from 'react';
import { ChoiceField } from '../../ui/fields';
import { countryOptions } from './countries';

/** An account's country, which may be left unset, chosen from every country by name. */
export default function CountryField(props: Omit<ComponentProps<typeof ChoiceField>, 'label' | 'children'>) {
  return (
    <ChoiceField label="Country" {...props}>
      <option value="">Not set</option>
      {countryOptions().map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </ChoiceField>
  );
}
