import { describe, expect, it } from 'vitest';
import { countryCodes } from '../../schema/contracts/auth';
import { isCountry } from '../../schema/contracts/profile';
import { countryOptions, timeZoneOptions } from '../../web/lib/choices';

/** One set of zone and country options: sign-up and the trial's guest details, and the profile and onboarding. */
describe('time zone options', () => {
  it('keep the IANA name as the value and read it with spaces', () => {
    expect(timeZoneOptions()).toContainEqual({ value: 'Asia/Kuala_Lumpur', label: 'Asia / Kuala Lumpur' });
    expect(timeZoneOptions()).toContainEqual({ value: 'America/Los_Angeles', label: 'America / Los Angeles' });
  });

  it('put a held zone the list lacks first, so a native select can show it, as sign-up relies on', () => {
    const zones = timeZoneOptions();
    expect(zones.some((zone) => zone.value === 'UTC')).toBe(false);
    expect(timeZoneOptions('UTC')).toEqual([{ value: 'UTC', label: 'UTC' }, ...zones]);
    expect(timeZoneOptions('Asia/Singapore')).toBe(zones);
  });

  it('offer the zones alone to a searchable select that holds none, as the profile and onboarding do', () => {
    expect(timeZoneOptions()).toBe(timeZoneOptions());
    expect(new Set(timeZoneOptions().map((zone) => zone.value)).size).toBe(timeZoneOptions().length);
  });
});

describe('country options', () => {
  it('name each country once, by name, and offer only codes both sign-up and the profile accept', () => {
    const countries = countryOptions();
    expect(countries).toContainEqual({ value: 'GB', label: 'United Kingdom' });
    expect(countries.map((country) => country.label)).toEqual(countries.map((country) => country.label).toSorted((a, b) => a.localeCompare(b)));
    expect(countries.filter((country) => !countryCodes().includes(country.value) || !isCountry(country.value))).toEqual([]);
    expect(countries.length).toBe(countryCodes().length);
  });
});
