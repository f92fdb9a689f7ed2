import { TZDate } from '@date-fns/tz';

/** A month as the API takes it: `YYYY-MM`. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

const parts = (month: string) => month.split('-').map(Number) as [number, number];
const monthText = (year: number, monthIndex: number) => {
  const date = new Date(Date.UTC(year, monthIndex, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** This month as the tutor's zone sees it, so the last evening of a month east of UTC is still that month. */
export function monthIn(zone: string, now = Date.now()) {
  const local = new TZDate(now, zone);
  return monthText(local.getFullYear(), local.getMonth());
}

/** The month `by` months after (or, negative, before) `month`. */
export function shiftMonth(month: string, by: number) {
  const [year, m] = parts(month);
  return monthText(year, m - 1 + by);
}

/**
 * The first and last millisecond of the month in the zone, as the instants the lists take: the same bounds as the
 * server's "this month" (worker/lib/ledger/my-pay.ts), so the lessons listed are the lessons counted.
 */
export function monthRange(month: string, zone: string) {
  const [year, m] = parts(month);
  const start = TZDate.tz(zone, year, m - 1, 1).getTime();
  const next = TZDate.tz(zone, year, m, 1).getTime();
  return { startDate: new Date(start).toISOString(), endDate: new Date(next - 1).toISOString() };
}

/** "November 2026": a calendar month has no zone of its own, so it is named in UTC where its first day is. */
export function monthName(month: string) {
  const [year, m] = parts(month);
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(new Date(Date.UTC(year, m - 1, 1)));
}
