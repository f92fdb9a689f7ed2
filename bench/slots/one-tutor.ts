import { TZDate } from '@date-fns/tz';
import { minutesOf, SLOT_STEP_MINUTES } from '../../schema/contracts/availability';
import { lessonFitsItem } from '../../schema/contracts/availability-rule';
import { freeSlots, type Interval, type SlotInputs } from '../../worker/lib/availability/slots';

/** One tutor's month: weekly hours every day 07:00–22:00 Singapore time, 500 booked lessons, a few days off. */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
export const ZONE = 'Asia/Singapore';
export const DAYS = 31;
export const LESSONS = 500;
const MONTH_START = Date.parse('2031-03-01T00:00:00+08:00');
const HOURS = [{ start: '07:00', end: '22:00' }];

/** A fixed-seed generator, so every run books the same 500 lessons. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

export function monthInputs(): Omit<SlotInputs, 'date'> & { dates: string[] } {
  const next = random(42);
  const lessons: Interval[] = Array.from({ length: LESSONS }, () => {
    const day = Math.floor(next() * DAYS);
    const quarter = 28 + Math.floor(next() * 56);
    const start = MONTH_START + day * DAY + quarter * 15 * MINUTE;
    return { start, end: start + 45 * MINUTE };
  }).sort((a, b) => a.start - b.start);
  const timeOff: Interval[] = [
    { start: MONTH_START + 9 * DAY, end: MONTH_START + 11 * DAY },
    { start: MONTH_START + 20 * DAY + 12 * 60 * MINUTE, end: MONTH_START + 20 * DAY + 15 * 60 * MINUTE },
  ];
  const weekly = Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [String(d), HOURS]));
  return {
    items: [{ status: 'ENABLE', startDate: null, endDate: null, timezone: ZONE, weekly }],
    lessons,
    timeOff,
    rules: { minNoticeMinutes: 0, bufferMinutes: 15, maxLessonsPerDay: 100, maxDaysAhead: 90 },
    tutorTimezone: ZONE,
    viewerTimezone: ZONE,
    duration: 60,
    now: MONTH_START,
    dates: Array.from({ length: DAYS }, (_, i) => new TZDate(MONTH_START + i * DAY, ZONE).toISOString().slice(0, 10)),
  };
}

/** Ours: the production slot code, one call per day of the month. */
export function oursMonth(input: ReturnType<typeof monthInputs>) {
  return input.dates.flatMap((date) => freeSlots({ ...input, date }));
}

/**
 * The peer: the textbook approach. Walk every quarter hour of the month in UTC; for each, convert to the tutor's
 * wall clock, test the weekly hours and the availability rule, then scan every lesson and time off for an overlap.
 */
export function naiveMonth(input: ReturnType<typeof monthInputs>) {
  const free: number[] = [];
  const item = input.items[0]!;
  const buffer = input.rules.bufferMinutes * MINUTE;
  const length = input.duration * MINUTE;
  for (let start = MONTH_START; start < MONTH_START + DAYS * DAY; start += SLOT_STEP_MINUTES * MINUTE) {
    const local = new TZDate(start, input.tutorTimezone);
    const minutes = local.getHours() * 60 + local.getMinutes();
    const ranges = item.weekly[String(local.getDay()) as keyof typeof item.weekly] ?? [];
    if (!ranges.some((r) => minutes >= minutesOf(r.start) && minutes + input.duration <= minutesOf(r.end))) continue;
    if (start < input.now + input.rules.minNoticeMinutes * MINUTE || !lessonFitsItem(item, new Date(start), input.duration)) continue;
    let clash = false;
    for (const lesson of input.lessons) if (lesson.start - buffer < start + length && start < lesson.end + buffer) clash = true;
    for (const off of input.timeOff) if (off.start < start + length && start < off.end) clash = true;
    if (!clash) free.push(start);
  }
  return free;
}
