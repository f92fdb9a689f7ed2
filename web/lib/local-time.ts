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
