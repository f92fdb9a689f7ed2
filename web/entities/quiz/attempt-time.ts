import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** When an attempt started or finished, in the zone the rest of the page reads times in (not the device's). */
export const attemptTime = (iso: string, zone: string) => format(new TZDate(Date.parse(iso), zone), 'd MMM yyyy, HH:mm');
