import { TZDate } from '@date-fns/tz';

/** The fields of an availability item the schedule availability rule reads (spec 1 section 4). */
export interface RuleItem {
  status: 'ENABLE' | 'DISABLE';
  /** `YYYY-MM-DD`, a calendar day in `timezone`. */
  startDate?: string | null;
  endDate?: string | null;
  timezone: string;
}

const MINUTE = 60_000;

/** Midnight at the start of the calendar day `date` (+ `plusDays`) in `timezone`, as a UTC instant in ms. */
export function dayStartMs(date: string, timezone: string, plusDays = 0): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new TZDate(year, month - 1, day + plusDays, timezone).getTime();
}

/**
 * The item's rule as a test on instants, with its day boundaries worked out once: slot search asks it for every
 * candidate, and resolving a zoned midnight costs far more than comparing two numbers.
 */
export function itemRule(item: RuleItem): (start: number, durationMinutes: number) => boolean {
  if (item.status !== 'ENABLE') return () => false;
  const from = item.startDate ? dayStartMs(item.startDate, item.timezone) : -Infinity;
  const lastDayEnd = item.endDate ? dayStartMs(item.endDate, item.timezone, 1) : Infinity;
  return (start, durationMinutes) => start >= from && start <= lastDayEnd && start + durationMinutes * MINUTE <= lastDayEnd;
}

/**
 * The spec's schedule availability rule: whether a lesson starting at `lessonStart` and lasting `durationMinutes`
 * fits the item. A day ends where the next one starts (local midnight), so a lesson may end exactly at midnight
 * of the last day.
 */
export function lessonFitsItem(item: RuleItem, lessonStart: Date, durationMinutes: number): boolean {
  return itemRule(item)(lessonStart.getTime(), durationMinutes);
}
