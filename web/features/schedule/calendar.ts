import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, differenceInCalendarDays, endOfMonth, endOfWeek, format, startOfMonth, startOfWeek } from 'date-fns';
import type { ScheduleLesson } from '../../../schema/contracts/schedule';

/**
 * The calendar's view logic, free of React: which days a view shows, where the arrows go, and which lessons fall
 * on which day. Days are `yyyy-MM-dd` strings in the viewer's zone; all arithmetic happens on TZDate so a
 * daylight-saving change never shifts a day.
 */

export const calendarViews = ['day', 'week', 'month', 'agenda'] as const;
export type CalendarView = (typeof calendarViews)[number];

/** Spec 1 section 9 lists the weekdays Sunday to Saturday, so weeks start on Sunday. */
const WEEK = { weekStartsOn: 0 } as const;
export const AGENDA_DAYS = 28;

const DAY_FORMAT = 'yyyy-MM-dd';

export const isDay = (value: string | null): value is string => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** Midnight of `day` in `zone`, as a zoned date. */
export function zonedDay(day: string, zone: string) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, zone);
}

export const dayOf = (instant: string | number | Date, zone: string) => format(new TZDate(new Date(instant).getTime(), zone), DAY_FORMAT);
export const todayIn = (zone: string, now = Date.now()) => dayOf(now, zone);

export interface VisibleRange {
  /** First instant shown (inclusive) and the instant after the last day (exclusive), for the API. */
  start: Date;
  end: Date;
  days: string[];
}

function daysBetween(first: TZDate, count: number): string[] {
  return Array.from({ length: count }, (_, i) => format(addDays(first, i), DAY_FORMAT));
}

/** The days a view shows around `anchor`: the day, its week, its month in whole weeks, or four weeks from it. */
export function visibleRange(view: CalendarView, anchor: string, zone: string): VisibleRange {
  const day = zonedDay(anchor, zone);
  let first: TZDate;
  let count: number;
  if (view === 'day') {
    first = day;
    count = 1;
  } else if (view === 'week') {
    first = startOfWeek(day, WEEK);
    count = 7;
  } else if (view === 'month') {
    first = startOfWeek(startOfMonth(day), WEEK);
    count = differenceInCalendarDays(endOfWeek(endOfMonth(day), WEEK), first) + 1;
  } else {
    first = day;
    count = AGENDA_DAYS;
  }
  const days = daysBetween(first, count);
  return { start: new Date(first.getTime()), end: new Date(addDays(first, count).getTime()), days };
}

/** The previous or next period: a day, a week, a month, or the agenda's four weeks. */
export function stepAnchor(view: CalendarView, anchor: string, direction: 1 | -1, zone: string): string {
  const day = zonedDay(anchor, zone);
  const moved =
    view === 'day'
      ? addDays(day, direction)
      : view === 'week'
        ? addDays(day, 7 * direction)
        : view === 'month'
          ? addMonths(day, direction)
          : addDays(day, AGENDA_DAYS * direction);
  return format(moved, DAY_FORMAT);
}

export const moveDays = (anchor: string, by: number, zone: string) => format(addDays(zonedDay(anchor, zone), by), DAY_FORMAT);

/** Keyboard navigation: arrows move the chosen day (up and down by a week), `t` returns to today. */
export function keyTarget(key: string, anchor: string, zone: string, today: string): string | null {
  switch (key) {
    case 'ArrowLeft':
      return moveDays(anchor, -1, zone);
    case 'ArrowRight':
      return moveDays(anchor, 1, zone);
    case 'ArrowUp':
      return moveDays(anchor, -7, zone);
    case 'ArrowDown':
      return moveDays(anchor, 7, zone);
    case 't':
    case 'T':
      return today;
    default:
      return null;
  }
}

/** Lessons grouped by the local day they start on, each day in start order. */
export function lessonsByDay(lessons: ScheduleLesson[], zone: string): Map<string, ScheduleLesson[]> {
  const byDay = new Map<string, ScheduleLesson[]>();
  for (const lesson of [...lessons].sort((a, b) => a.start.localeCompare(b.start))) {
    const day = dayOf(lesson.start, zone);
    byDay.set(day, [...(byDay.get(day) ?? []), lesson]);
  }
  return byDay;
}

/** Minutes after local midnight, so a lesson sits at its wall-clock time whatever the day's length. */
export function localMinutes(instant: string, zone: string) {
  const at = new TZDate(Date.parse(instant), zone);
  return at.getHours() * 60 + at.getMinutes();
}

/** The hours a time grid shows: the working day, widened to fit every lesson in view. */
export function gridHours(lessons: ScheduleLesson[], zone: string, from = 8, to = 20): { from: number; to: number } {
  let first = from;
  let last = to;
  for (const lesson of lessons) {
    const start = localMinutes(lesson.start, zone);
    first = Math.min(first, Math.floor(start / 60));
    last = Math.max(last, Math.min(24, Math.ceil((start + lesson.duration) / 60)));
  }
  return { from: first, to: last };
}

export const timeLabel = (instant: string, zone: string) => format(new TZDate(Date.parse(instant), zone), 'h:mm a');

/** The heading for the period on screen, e.g. "November 2026" or "22 – 28 Nov 2026". */
export function periodTitle(view: CalendarView, range: VisibleRange, anchor: string, zone: string): string {
  const first = zonedDay(range.days[0]!, zone);
  const last = zonedDay(range.days[range.days.length - 1]!, zone);
  if (view === 'day') return format(first, 'EEEE d MMMM yyyy');
  if (view === 'month') return format(zonedDay(anchor, zone), 'MMMM yyyy');
  if (first.getFullYear() !== last.getFullYear()) return `${format(first, 'd MMM yyyy')} – ${format(last, 'd MMM yyyy')}`;
  if (first.getMonth() !== last.getMonth()) return `${format(first, 'd MMM')} – ${format(last, 'd MMM yyyy')}`;
  return `${format(first, 'd')} – ${format(last, 'd MMM yyyy')}`;
}
