import { TZDate } from '@date-fns/tz';
import { type EffectiveBookingRules, minutesOf, SLOT_STEP_MINUTES, type WeeklyHoursInput } from '../../../schema/contracts/availability';
import { itemRule, type RuleItem } from '../../../schema/contracts/availability-rule';

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

/** One Intl formatter per zone: building one is the expensive part, formatting with it is cheap. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timezone: string) {
  let formatter = dayFormats.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timezone, formatter);
  }
  return formatter;
}

/** A key naming the calendar day of `ms` in `timezone` (only ever compared with other keys). */
const dayKey = (ms: number, timezone: string) => dayFormat(timezone).format(ms);

/** The calendar date of `ms` in `timezone` as [year, month (1–12), day]. */
function localDate(ms: number, timezone: string): [number, number, number] {
  const parts = Object.fromEntries(
    dayFormat(timezone)
      .formatToParts(ms)
      .map((p) => [p.type, Number(p.value)]),
  );
  return [parts.year!, parts.month!, parts.day!];
}

/**
 * The instant of a wall-clock time in a zone. Resolving it is the costliest step of a slot search and the same
 * few range edges recur for every neighbouring day and every request, so answers are kept (bounded).
 */
const wallTimes = new Map<string, number>();
function wallTime(year: number, month: number, date: number, minutes: number, timezone: string) {
  const key = `${timezone}|${year}-${month}-${date}|${minutes}`;
  let at = wallTimes.get(key);
  if (at === undefined) {
    if (wallTimes.size >= 10_000) wallTimes.clear();
    at = new TZDate(year, month - 1, date, 0, minutes, timezone).getTime();
    wallTimes.set(key, at);
  }
  return at;
}

const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;

/**
 * Every quarter-hour local start inside the item's weekly hours on the item-zone days that touch the viewer's day,
 * where the whole lesson ends by the range's end. Starts follow the wall clock (a 09:00 range starts at local
 * 09:00 on both sides of a DST change); only a range that contains a clock change is resolved step by step.
 */
function candidateStarts(item: SlotItem, viewerDay: Interval, duration: number): number[] {
  const days = new Map([viewerDay.start - DAY, viewerDay.start, viewerDay.end - 1].map((ms) => [dayKey(ms, item.timezone), ms]));
  const starts: number[] = [];
  for (const ms of days.values()) {
    const [year, month, date] = localDate(ms, item.timezone);
    // A calendar date falls on the same weekday in every zone.
    const weekday = String(new Date(Date.UTC(year, month - 1, date)).getUTCDay()) as keyof WeeklyHoursInput;
    for (const range of item.weekly[weekday] ?? []) {
      const at = (minutes: number) => wallTime(year, month, date, minutes, item.timezone);
      const first = minutesOf(range.start);
      const last = minutesOf(range.end);
      const rangeStart = at(first);
      const rangeEnd = at(last);
      const steady = rangeEnd - rangeStart === (last - first) * MINUTE;
      for (let m = first; ; m += SLOT_STEP_MINUTES) {
        const start = steady ? rangeStart + (m - first) * MINUTE : at(m);
        if (start + duration * MINUTE > rangeEnd) break;
        starts.push(start);
      }
    }
  }
  return starts;
}

/** Free lesson starts (UTC ms, ascending) for one tutor on the viewer's calendar day. */
export function freeSlots(input: SlotInputs): number[] {
  const { rules, duration, now } = input;
  const [viewerYear, viewerMonth, viewerDate] = input.date.split('-').map(Number) as [number, number, number];
  const viewerDay = {
    start: wallTime(viewerYear, viewerMonth, viewerDate, 0, input.viewerTimezone),
    end: wallTime(viewerYear, viewerMonth, viewerDate + 1, 0, input.viewerTimezone),
  };
  const earliest = now + rules.minNoticeMinutes * MINUTE;
  const latest = now + rules.maxDaysAhead * DAY;
  const buffer = rules.bufferMinutes * MINUTE;
  // The daily cap counts lessons per tutor-local day. The few local midnights around the day asked for bound
  // those days, so each lesson and each start finds its day by comparing numbers.
  const [year, month, date] = localDate(viewerDay.start - 2 * DAY, input.tutorTimezone);
  const midnights = Array.from({ length: 7 }, (_, i) => wallTime(year, month, date + i, 0, input.tutorTimezone));
  const dayIndex = (ms: number) => midnights.findLastIndex((midnight) => midnight <= ms);
  const lessonsPerDay = new Array<number>(midnights.length).fill(0);
  const first = midnights[0]!;
  const last = midnights[midnights.length - 1]!;
  for (const lesson of input.lessons) {
    if (lesson.start >= first && lesson.start < last) lessonsPerDay[dayIndex(lesson.start)]! += 1;
  }
  const reach = { start: viewerDay.start - duration * MINUTE, end: viewerDay.end + duration * MINUTE };
  const busy = [
    ...input.lessons.filter((l) => l.start - buffer < reach.end && reach.start < l.end + buffer).map((l) => ({ start: l.start - buffer, end: l.end + buffer })),
    ...input.timeOff.filter((t) => overlaps(t, reach)),
  ];
  const free = new Set<number>();
  for (const item of input.items) {
    const fits = itemRule(item);
    for (const start of candidateStarts(item, viewerDay, duration)) {
      const end = start + duration * MINUTE;
      if (start < viewerDay.start || start >= viewerDay.end || start < earliest || start > latest) continue;
      if (!fits(start, duration)) continue;
      if ((lessonsPerDay[dayIndex(start)] ?? 0) >= rules.maxLessonsPerDay) continue;
      if (busy.some((b) => b.start < end && start < b.end)) continue;
      free.add(start);
    }
  }
  return [...free].sort((a, b) => a - b);
}
