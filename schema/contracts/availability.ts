import { z } from 'zod';
import { timeZone } from './auth';
import { isCalendarDay } from './common';
import { isLessonDuration } from './durations';

/** The same lists as schema/tables/availability.ts; contracts stay free of table code so the web app can import them. */
export const timeOffReasons = [
  'Sickness',
  'Due to a lesson Overlap',
  'Time Zone change',
  'Unforeseen Circumstance',
  'School Activity',
  'Technical issue',
  'Duration Change',
  'Schedule Changes',
  'School Events',
  'Health Reasons',
  'Vacations',
] as const;

/** Spec 1 section 9. The last three are set by admins only: they describe the tutor's standing, not their week. */
export const availabilityStates = ['available', 'notAvailable', 'onABreak', 'resigned', 'demoStage', 'notAvailableAdmin', 'notInterested'] as const;
export const adminOnlyAvailabilityStates: readonly AvailabilityState[] = ['resigned', 'demoStage', 'notAvailableAdmin'];
export type AvailabilityState = (typeof availabilityStates)[number];

export const weekdayKeys = ['0', '1', '2', '3', '4', '5', '6'] as const;

/** Without a trial length in the spec, trials are 30 minutes: long enough to meet, short enough to fit any gap. */
export const TRIAL_MINUTES = 30;
/** Slots start on the quarter hour whatever the length, so a 60-minute lesson can also start at 09:15. */
export const SLOT_STEP_MINUTES = 15;

/** Tenant defaults where neither the tutor nor the tenant set a rule. */
export const DEFAULT_BOOKING_RULES = { minNoticeMinutes: 12 * 60, bufferMinutes: 0, maxLessonsPerDay: 8, maxDaysAhead: 60 } as const;
export type EffectiveBookingRules = { [K in keyof typeof DEFAULT_BOOKING_RULES]: number };

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Minutes after local midnight; `24:00` closes a range at midnight. */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD')
  .refine((day) => !/^\d{4}-\d{2}-\d{2}$/.test(day) || isCalendarDay(day), 'Choose a real date');

const timeRange = z
  .object({
    start: z.string().regex(HH_MM, 'Use the format HH:mm'),
    end: z.string().refine((t) => t === '24:00' || HH_MM.test(t), 'Use the format HH:mm'),
  })
  .refine((r) => !HH_MM.test(r.start) || minutesOf(r.end) > minutesOf(r.start), { message: 'must end after it starts', path: ['end'] });

const dayRanges = z
  .array(timeRange)
  .max(6)
  .superRefine((ranges, ctx) => {
    const sorted = ranges.map((r, i) => ({ i, from: minutesOf(r.start), to: minutesOf(r.end) })).sort((a, b) => a.from - b.from);
    for (let k = 1; k < sorted.length; k++) {
      if (sorted[k]!.from < sorted[k - 1]!.to) ctx.addIssue({ code: 'custom', message: 'overlaps another range of the day', path: [sorted[k]!.i, 'start'] });
    }
  });

export const weeklyHours = z.partialRecord(z.enum(weekdayKeys), dayRanges);
export type WeeklyHoursInput = z.infer<typeof weeklyHours>;

/** The `_id` a GET answered: sent back, the row keeps it. */
const keptId = z.string().min(1).max(64).optional();

export const availabilityItemInput = z
  .object({
    _id: keptId,
    status: z.enum(['ENABLE', 'DISABLE']).default('ENABLE'),
    startDate: isoDay.nullish(),
    endDate: isoDay.nullish(),
    timezone: timeZone,
    weekly: weeklyHours,
  })
  .refine((item) => !item.startDate || !item.endDate || item.endDate >= item.startDate, { message: 'must be on or after the start date', path: ['endDate'] });
export type AvailabilityItemInput = z.infer<typeof availabilityItemInput>;

export const timeOffInput = z
  .object({
    _id: keptId,
    start: z.iso.datetime({ offset: true }).transform((s) => new Date(s)),
    end: z.iso.datetime({ offset: true }).transform((s) => new Date(s)),
    reason: z.enum(timeOffReasons, { error: 'Choose a reason' }),
    note: z.string().trim().max(500).default(''),
  })
  .refine((t) => t.end.getTime() > t.start.getTime(), { message: 'must be after the start', path: ['end'] });
export type TimeOffInput = z.input<typeof timeOffInput>;

const rule = (min: number, max: number) => z.number().int().min(min).max(max).nullish();
/** A tutor's own guards; a null or missing field takes the tenant default. */
export const bookingRulesInput = z.object({
  minNoticeMinutes: rule(0, 14 * 24 * 60),
  bufferMinutes: rule(0, 180),
  maxLessonsPerDay: rule(1, 24),
  maxDaysAhead: rule(1, 730),
});
export type BookingRulesInput = z.infer<typeof bookingRulesInput>;

export const availabilityInput = z.object({
  items: z.array(availabilityItemInput).max(20),
  timeOff: z.array(timeOffInput).max(100).default([]),
  bookingRules: bookingRulesInput.default({}),
  /** Null or missing leaves the state as it is, so the GET's `availabilityState: null` can be written back. */
  availabilityState: z.enum(availabilityStates).nullish(),
});
export type AvailabilityInput = z.input<typeof availabilityInput>;

const duration = z.coerce
  .number()
  .int()
  .refine((d) => isLessonDuration(d, false), 'must be 15 to 180 minutes in steps of 15');

export const slotsQuery = z.object({
  date: isoDay,
  duration: duration.default(60),
  sectionId: z.string().min(1).max(64).optional(),
  timezone: timeZone.optional(),
});

/** How many days one free-days call reads: the default booking window (60 days) and a little over. */
export const FREE_DAYS_MAX = 62;

/** GET /api/user-availability/free-days/{tutorId}: which days from `from` have a free start, in the viewer's zone. */
export const freeDaysQuery = z.object({
  from: isoDay,
  days: z.coerce.number().int().min(1).max(FREE_DAYS_MAX, `must be at most ${FREE_DAYS_MAX}`).default(FREE_DAYS_MAX),
  duration: duration.default(60),
  sectionId: z.string().min(1).max(64).optional(),
  timezone: timeZone.optional(),
});

export interface FreeDays {
  /** `YYYY-MM-DD` days of the viewer's zone with at least one free start, ascending. */
  freeDays: string[];
  /** The last day the tutor's booking window reaches, in the viewer's zone. */
  lastBookableDay: string;
  /** The tutor's booking window in days (their own rule, else the tenant's, else 60). */
  maxDaysAhead: number;
}

export const trialSlotsInput = z.object({
  curriculum: z.string().trim().min(1).max(100),
  subject: z.string().trim().min(1).max(100),
  grade: z.string().trim().min(1).max(100),
  date: isoDay,
  timezone: timeZone.optional(),
});

export const tutorSlotsInput = z.object({
  tutorId: z.string().min(1).max(64),
  date: isoDay,
  duration: duration.default(60),
  timezone: timeZone.optional(),
});

/** Spec 1 "Availability slot option": a free start for tutor `user`, as UTC ISO instants. */
export interface SlotOption {
  user: string;
  start: string;
  end: string;
  /** Trial slots only: the tutor's own zone, so the dialog can show their local time beside the viewer's. */
  timezone?: string;
}

export interface AvailabilityItem {
  _id: string;
  status: 'ENABLE' | 'DISABLE';
  startDate: string | null;
  endDate: string | null;
  timezone: string;
  weekly: WeeklyHoursInput;
}

export interface TimeOff {
  _id: string;
  start: string;
  end: string;
  reason: (typeof timeOffReasons)[number];
  note: string;
}

export interface UserAvailability {
  userId: string;
  timezone: string;
  items: AvailabilityItem[];
  /** Only the tutor and admins see reasons and notes; others see the blocked time. */
  timeOff: (TimeOff | Pick<TimeOff, 'start' | 'end'>)[];
  bookingRules: EffectiveBookingRules;
  availabilityState: AvailabilityState | null;
}
