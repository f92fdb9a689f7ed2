import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { formatDistanceStrict } from 'date-fns/formatDistanceStrict';
import type { ScheduleLesson } from '../../../schema/contracts/schedule';

const DAY = 24 * 60 * 60_000;

/**
 * The lessons that are still to come or under way, soonest first: the server's state decides (an ended, missed or
 * cancelled lesson is not coming, even before its planned end), and the clock only drops one that ran out meanwhile.
 */
export const comingLessons = (lessons: ScheduleLesson[], now: number) =>
  lessons
    .filter((l) => (l.lessonStatus === 'scheduled' || l.lessonStatus === 'live') && Date.parse(l.end) > now)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));

/** "Starts in 2 hours", "Started 5 minutes ago": the countdown beside a lesson. */
export function countdown(start: string, now: number) {
  const at = Date.parse(start);
  // Rounded as the Join's "Opens in 3 days" is (web/features/lessons/join-opens.ts), so the two never disagree.
  const distance = formatDistanceStrict(at, now, { roundingMethod: 'round' });
  return at > now ? `Starts in ${distance}` : `Started ${distance} ago`;
}

/** "Wed 25 Nov, 9:00 AM" in the person's zone, with the year when it is not this year's. */
export function lessonWhen(start: string, zone: string, now: number) {
  const at = new TZDate(Date.parse(start), zone);
  const sameYear = at.getFullYear() === new TZDate(now, zone).getFullYear();
  return format(at, sameYear ? 'EEE d MMM, h:mm a' : 'EEE d MMM yyyy, h:mm a');
}

/** Midnight to midnight of today in the zone, as the API's startDate and endDate. */
export function todayRange(zone: string, now: number) {
  const start = new TZDate(now, zone);
  start.setHours(0, 0, 0, 0);
  // The next midnight in the zone, not 24 hours on: a day with a clock change is 23 or 25 hours long.
  const end = new TZDate(start.getTime(), zone);
  end.setDate(end.getDate() + 1);
  return { startDate: new Date(start.getTime()).toISOString(), endDate: new Date(end.getTime()).toISOString() };
}

/** "Wednesday 25 November": the day `todayRange` covers, as the person's zone names it. */
export const dayTitle = (zone: string, now: number) => format(new TZDate(now, zone), 'EEEE d MMMM');

const offsetAt = (zone: string, now: number) => new TZDate(now, zone).getTimezoneOffset();

/**
 * The zone's name ("Singapore Standard Time") when the profile's zone is not the device's at this moment, so a lesson
 * on the profile's today is never read as tomorrow's by someone whose device clock is hours behind; null when they agree.
 */
export function zoneNote(zone: string, now: number, deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone) {
  if (offsetAt(zone, now) === offsetAt(deviceZone, now)) return null;
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'longGeneric' }).formatToParts(now);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? zone;
}

/** "Wednesday 25 November · Singapore Standard Time": which day a "today" list holds. */
export function todayNote(zone: string, now: number, deviceZone?: string) {
  const note = zoneNote(zone, now, deviceZone);
  return note ? `${dayTitle(zone, now)} · ${note}` : dayTitle(zone, now);
}

/** From now to `days` ahead, for the next lessons. */
export const aheadRange = (now: number, days: number) => ({
  startDate: new Date(now - DAY).toISOString(),
  endDate: new Date(now + days * DAY).toISOString(),
});

/** Where a lesson's Join stands on a home: open, opening later (with when), or gone for good. */
export type JoinState = 'open' | 'later' | 'closed';

/**
 * The server's one join rule (worker/lib/lessons/join-window.ts) read at `now`: its `canJoin` and status as they were
 * answered, and its window so that a page left open, or a copy kept on the device, opens and closes Join on time.
 */
export function joinState(lesson: ScheduleLesson, now: number): JoinState {
  if (lesson.lessonStatus !== 'scheduled' && lesson.lessonStatus !== 'live') return 'closed';
  if (now >= Date.parse(lesson.joinClosesAt)) return 'closed';
  return lesson.canJoin || now >= Date.parse(lesson.joinOpensAt) ? 'open' : 'later';
}

/** "Live" from the start (or the early start the server saw) until the end, never before nor after. */
export function isLive(lesson: ScheduleLesson, now: number) {
  if (now >= Date.parse(lesson.joinClosesAt)) return false;
  return lesson.lessonStatus === 'live' || (lesson.lessonStatus === 'scheduled' && now >= Date.parse(lesson.start));
}
