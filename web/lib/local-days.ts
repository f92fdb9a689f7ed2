import { TZDate } from '@date-fns/tz';
import { endOfMonth, format, parseISO, startOfMonth, subDays, subMonths } from 'date-fns';

/** Today in the zone as `YYYY-MM-DD`. */
export const todayIn = (zone: string, now = Date.now()) => format(new TZDate(now, zone), 'yyyy-MM-dd');
/** The calendar day `days` before a `YYYY-MM-DD` day. */
export const daysBefore = (day: string, days: number) => format(subDays(parseISO(day), days), 'yyyy-MM-dd');

/** A day (or instant) as the admin reads it: "7 Jan 2030". */
export const dayText = (iso: string, zone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone, day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));
/** A time of day with seconds, for the attendance: "09:04:12". */
export const clockText = (iso: string, zone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(new Date(iso));

/** The calendar month before today's, in the zone, as its first and last `YYYY-MM-DD`. */
export function lastMonthIn(zone: string, now = Date.now()) {
  const month = subMonths(parseISO(todayIn(zone, now)), 1);
  return { from: format(startOfMonth(month), 'yyyy-MM-dd'), to: format(endOfMonth(month), 'yyyy-MM-dd') };
}
