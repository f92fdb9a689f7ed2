import { addDays, format, parseISO } from 'date-fns';

/** Today's date in the viewer's zone as `YYYY-MM-DD` (en-CA writes dates that way). */
export const todayIn = (zone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

export const dayAfter = (day: string) => format(addDays(parseISO(day), 1), 'yyyy-MM-dd');

export const dayLabel = (day: string) => format(parseISO(day), 'EEEE d MMMM yyyy');

/** How far ahead the dialog looks for a free day: a tutor's booking window is at most about two months. */
export const LOOK_AHEAD_DAYS = 62;

/** Why the booking calendar stops where it does, and what its marks mean, in a sentence or two. */
export const bookingWindowText = (maxDaysAhead: number, lastBookableDay: string, anyFree: boolean) =>
  `Lessons can be booked up to ${maxDaysAhead} ${maxDaysAhead === 1 ? 'day' : 'days'} ahead, until ${dayLabel(lastBookableDay)}.` +
  (anyFree ? ' Days in bold with a dot have free times.' : ' No day in that time has a free time yet.');
