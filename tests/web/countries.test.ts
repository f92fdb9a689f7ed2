import { describe, expect, it } from 'vitest';
import { countryCodes, RETIRED_COUNTRY_CODES } from '../../schema/contracts/auth';
import { countryOptions as adminCountryOptions } from '../../web/features/admin-users/countries';
import { countryOptions as signUpCountryOptions } from '../../web/lib/choices';

const names = (options: { name?: string; label?: string }[]) => options.map((option) => option.name ?? option.label);

describe('country lists', () => {
  it('name each country once, without retired codes such as DY, FX, DD, YU, CS or UK', () => {
    for (const list of [names(adminCountryOptions('en')), names(signUpCountryOptions())]) {
      expect(new Set(list).size).toBe(list.length);
      expect(list).toContain('Benin');
      expect(list).toContain('United Kingdom');
    }
    expect(countryCodes()).toContain('GB');
    for (const code of RETIRED_COUNTRY_CODES) expect(countryCodes()).not.toContain(code);
  });
});
