import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { dayStartMs, lessonFitsItem, type RuleItem } from '../../../schema/contracts/availability-rule';
import { type EffectiveBookingRules, minutesOf, SLOT_STEP_MINUTES, type WeeklyHoursInput } from '../../../schema/contracts/availability';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface SlotItem extends RuleItem {
  weekly: WeeklyHoursInput;
}

export interface Interval {
  start: number;
  end: number;
}

export interface SlotInputs {
  items: SlotItem[];
  /** The tutor's ACTIVE lessons near the day (the one being rescheduled left out). */
  lessons: Interval[];
  timeOff: Interval[];
  rules: EffectiveBookingRules;
  /** The tutor's own zone: the daily cap counts lessons per calendar day there. */
  tutorTimezone: string;
  /** `YYYY-MM-DD` in `viewerTimezone`. */
  date: string;
  viewerTimezone: string;
  duration: number;
  now: number;
}

const localDay = (ms: number, timezone: string) => format(new TZDate(ms, timezone), 'yyyy-MM-dd');
const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;

/**
 * Every quarter-hour local start inside the item's weekly hours on the item-zone days that touch the viewer's day,
 * where the whole lesson ends by the range's end. Walking wall-clock minutes (not UTC instants) keeps a 09:00 range
 * starting at local 09:00 on both sides of a DST change.
 */
function candidateStarts(item: SlotItem, viewerDay: Interval, duration: number): number[] {
  const days = new Set([localDay(viewerDay.start - DAY, item.timezone), localDay(viewerDay.start, item.timezone), localDay(viewerDay.end - 1, item.timezone)]);
  const starts: number[] = [];
  for (const day of days) {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    const weekday = String(new TZDate(year, month - 1, date, item.timezone).getDay()) as keyof WeeklyHoursInput;
    for (const range of item.weekly[weekday] ?? []) {
      const at = (minutes: number) => new TZDate(year, month - 1, date, 0, minutes, item.timezone).getTime();
      const rangeEnd = at(minutesOf(range.end));
      for (let m = minutesOf(range.start); at(m) + duration * MINUTE <= rangeEnd; m += SLOT_STEP_MINUTES) starts.push(at(m));
    }
  }
  return starts;
}

/** Free lesson starts (UTC ms, ascending) for one tutor on the viewer's calendar day. */
export function freeSlots(input: SlotInputs): number[] {
  const { rules, duration, now } = input;
  const viewerDay = { start: dayStartMs(input.date, input.viewerTimezone), end: dayStartMs(input.date, input.viewerTimezone, 1) };
  const earliest = now + rules.minNoticeMinutes * MINUTE;
  const latest = now + rules.maxDaysAhead * DAY;
  const buffer = rules.bufferMinutes * MINUTE;
  const lessonsPerDay = new Map<string, number>();
  for (const lesson of input.lessons) {
    const day = localDay(lesson.start, input.tutorTimezone);
    lessonsPerDay.set(day, (lessonsPerDay.get(day) ?? 0) + 1);
  }
  const free = new Set<number>();
  for (const item of input.items) {
    for (const start of candidateStarts(item, viewerDay, duration)) {
      const lesson = { start, end: start + duration * MINUTE };
      if (start < viewerDay.start || start >= viewerDay.end || start < earliest || start > latest) continue;
      if (!lessonFitsItem(item, new Date(start), duration)) continue;
      if ((lessonsPerDay.get(localDay(start, input.tutorTimezone)) ?? 0) >= rules.maxLessonsPerDay) continue;
      if (input.lessons.some((l) => overlaps(lesson, { start: l.start - buffer, end: l.end + buffer }))) continue;
      if (input.timeOff.some((t) => overlaps(lesson, t))) continue;
      free.add(start);
    }
  }
  return [...free].sort((a, b) => a - b);
}
