import { countryCodes } from '../../schema/contracts/auth';
import { once } from './once';

/** The spec's fallback when the browser does not say where it is (spec 1, section 9). */
export const FALLBACK_TIME_ZONE = 'Asia/Singapore';

export function browserTimeZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_TIME_ZONE;
  } catch {
    return FALLBACK_TIME_ZONE;
  }
}

/** A choice of a select or a searchable select: the value stored and the words a person reads. */
export interface Choice {
  value: string;
  label: string;
}

/** `Asia/Kuala_Lumpur` reads as `Asia / Kuala Lumpur`; the value stays the IANA name. */
const zoneChoice = (zone: string): Choice => ({ value: zone, label: zone.replaceAll('_', ' ').replaceAll('/', ' / ') });

const zoneChoices = once(() => Intl.supportedValuesOf('timeZone').map(zoneChoice));

/**
 * Every IANA zone the browser knows. A form whose native select must show the zone it holds passes it as `current`,
 * which comes first when the list lacks it (older engines, and UTC, which the list leaves out).
 */
export function timeZoneOptions(current?: string): Choice[] {
  const zones = zoneChoices();
  return current === undefined || zones.some((zone) => zone.value === current) ? zones : [zoneChoice(current), ...zones];
}

/** Countries by their English name; sign-up and the profile accept each of them. */
export const countryOptions = once((): Choice[] => {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return countryCodes()
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => a.label.localeCompare(b.label));
});
