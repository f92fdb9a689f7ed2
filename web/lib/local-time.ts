import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** A `datetime-local` value in the viewer's zone and back, so times are entered as the viewer reads them. */
export const toLocalInput = (iso: string | null, zone: string) => (iso ? format(new TZDate(iso, zone), "yyyy-MM-dd'T'HH:mm") : '');

export function fromLocalInput(value: string, zone: string) {
  const [date = '', time = ''] = value.split('T');
  const [y, m, d] = date.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  return new Date(TZDate.tz(zone, y!, m! - 1, d!, h!, min!).getTime()).toISOString();
}

/**
 * Date fields hold whole days as the viewer reads them, in their own zone; the API takes instants. A day runs from its
 * first millisecond to its last, so something at midnight belongs to one day only.
 */
const midnightAfter = (day: string, zone: string, days: number) => {
  const [y, m, d] = day.split('-').map(Number);
  return TZDate.tz(zone, y!, m! - 1, d! + days).getTime();
};

export const dayStartIso = (day: string, zone: string) => (day ? new Date(midnightAfter(day, zone, 0)).toISOString() : undefined);
export const dayEndIso = (day: string, zone: string) => (day ? new Date(midnightAfter(day, zone, 1) - 1).toISOString() : undefined);

/** When a copy kept on the device was fetched, as a date and time in the reader's zone (not the device's). */
export const stampIn = (at: string | number, zone: string) =>
  new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone });
