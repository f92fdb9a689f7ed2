import { countryCodes } from '../../schema/contracts/auth';

/** The spec's fallback when the browser does not say where it is (spec 1, section 9). */
export const FALLBACK_TIME_ZONE = 'Asia/Singapore';

export function browserTimeZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_TIME_ZONE;
  } catch {
    return FALLBACK_TIME_ZONE;
  }
}

/** Every IANA zone the browser knows, with the current one first if the list lacks it (older engines). */
export function timeZoneOptions(current: string) {
  const zones = Intl.supportedValuesOf('timeZone');
  const all = zones.includes(current) ? zones : [current, ...zones];
  return all.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

/** Countries by their English name. */
export function countryOptions() {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return countryCodes()
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
