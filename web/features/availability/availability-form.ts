import {
  type AvailabilityInput,
  availabilityInput,
  DEFAULT_BOOKING_RULES,
  type EffectiveBookingRules,
  type TimeOffInput,
  type timeOffReasons,
  type UserAvailability,
  type WeeklyHoursInput,
  weekdayKeys,
} from '../../../schema/contracts/availability';
import { fromLocalInput, toLocalInput } from '../../lib/local-time';

export type Weekday = (typeof weekdayKeys)[number];
export type Range = { start: string; end: string };
export interface ItemDraft {
  key: string;
  status: 'ENABLE' | 'DISABLE';
  startDate: string;
  endDate: string;
  timezone: string;
  weekly: Record<Weekday, Range[]>;
}
export interface TimeOffDraft {
  key: string;
  /** `datetime-local` values, read in the availability's zone (the draft's `zone`), like the weekly hours beside them. */
  start: string;
  end: string;
  reason: TimeOffInput['reason'] | '';
  note: string;
}
export interface AvailabilityDraft {
  /** The availability's own zone, shown on the page: time off is entered and read in it, whatever the device's zone. */
  zone: string;
  items: ItemDraft[];
  timeOff: TimeOffDraft[];
  rules: EffectiveBookingRules;
}

let counter = 0;
const nextKey = () => `draft-${++counter}`;

/** Monday first, as tutors think of a working week; the wire keys stay 0 = Sunday. */
export const WEEK_ORDER: Weekday[] = ['1', '2', '3', '4', '5', '6', '0'];
export const WORKDAYS: Weekday[] = ['1', '2', '3', '4', '5'];

const emptyWeek = (): Record<Weekday, Range[]> => ({ '0': [], '1': [], '2': [], '3': [], '4': [], '5': [], '6': [] });

export function newItem(timezone: string): ItemDraft {
  const weekly = emptyWeek();
  for (const day of WORKDAYS) weekly[day] = [{ start: '09:00', end: '17:00' }];
  return { key: nextKey(), status: 'ENABLE', startDate: '', endDate: '', timezone, weekly };
}

/** A working day of time off, today in the availability's zone. */
export function newTimeOff(zone: string, now = new Date()): TimeOffDraft {
  const day = toLocalInput(now.toISOString(), zone).slice(0, 10);
  return { key: nextKey(), start: `${day}T09:00`, end: `${day}T17:00`, reason: '', note: '' };
}

/** The editable copy of what the server holds. */
export function draftOf(answer: UserAvailability): AvailabilityDraft {
  const zone = answer.timezone;
  return {
    zone,
    items: answer.items.map((item) => {
      const weekly = emptyWeek();
      for (const day of weekdayKeys) weekly[day] = (item.weekly[day] ?? []).map((r) => ({ ...r }));
      return { key: nextKey(), status: item.status, startDate: item.startDate ?? '', endDate: item.endDate ?? '', timezone: item.timezone, weekly };
    }),
    timeOff: answer.timeOff
      .filter((t): t is Extract<typeof t, { reason: unknown }> => 'reason' in t)
      .map((t) => ({ key: nextKey(), start: toLocalInput(t.start, zone), end: toLocalInput(t.end, zone), reason: t.reason, note: t.note })),
    rules: { ...DEFAULT_BOOKING_RULES, ...answer.bookingRules },
  };
}

export function copyMondayToWorkdays(item: ItemDraft): ItemDraft {
  const weekly = { ...item.weekly };
  for (const day of WORKDAYS) weekly[day] = item.weekly['1'].map((r) => ({ ...r }));
  return { ...item, weekly };
}

/** A new range starts an hour after the day's last one ends (or at 09:00), so it never overlaps by default. */
export function addRange(item: ItemDraft, day: Weekday): ItemDraft {
  const last = item.weekly[day].at(-1);
  const startHour = last ? Math.min(Number(last.end.slice(0, 2)) + 1, 22) : 9;
  const pad = (h: number) => String(h).padStart(2, '0');
  const range = { start: `${pad(startHour)}:00`, end: `${pad(Math.min(startHour + 2, 23))}:00` };
  return { ...item, weekly: { ...item.weekly, [day]: [...item.weekly[day], range] } };
}

/** A complete `datetime-local` value becomes an instant in the zone; anything else is left for the schema to refuse. */
const isoOfLocal = (value: string, zone: string) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? fromLocalInput(value, zone) : value);

/** The PUT body; empty days and dates are left out as the API expects. */
export function inputOf(draft: AvailabilityDraft): AvailabilityInput {
  return {
    items: draft.items.map((item) => {
      const weekly: WeeklyHoursInput = {};
      for (const day of weekdayKeys) if (item.weekly[day].length) weekly[day] = item.weekly[day];
      return { status: item.status, startDate: item.startDate || null, endDate: item.endDate || null, timezone: item.timezone, weekly };
    }),
    timeOff: draft.timeOff.map((t) => ({
      start: isoOfLocal(t.start, draft.zone),
      end: isoOfLocal(t.end, draft.zone),
      reason: t.reason as TimeOffInput['reason'],
      note: t.note,
    })),
    bookingRules: { ...draft.rules },
  };
}

/** The shared schema's messages keyed by dotted path (`items.0.weekly.1.0.end`), as the server names them. */
export function errorsOf(draft: AvailabilityDraft): Record<string, string> {
  const parsed = availabilityInput.safeParse(inputOf(draft));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/** Each time-off reason in a person's words; the stored values are the spec's, in its own capitals. */
export const timeOffReasonLabels: Record<(typeof timeOffReasons)[number], string> = {
  Sickness: 'Sickness',
  'Due to a lesson Overlap': 'Another lesson overlaps',
  'Time Zone change': 'A change of time zone',
  'Unforeseen Circumstance': 'Something unforeseen',
  'School Activity': 'A school activity',
  'Technical issue': 'A technical issue',
  'Duration Change': 'A change of lesson length',
  'Schedule Changes': 'A change of schedule',
  'School Events': 'A school event',
  'Health Reasons': 'Health reasons',
  Vacations: 'Holiday',
};
