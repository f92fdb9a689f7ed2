import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { idColumn, tenantColumn, timestamps } from './columns';

export const weekdays = [0, 1, 2, 3, 4, 5, 6] as const;

/** Working hours per weekday (0 = Sunday), as `HH:mm` wall-clock times in the availability's time zone. */
export type WeeklyHours = Partial<Record<(typeof weekdays)[number], { start: string; end: string }[]>>;

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

/** Booking guards a tutor sets; a null field falls back to the tenant default. */
export interface BookingRules {
  minNoticeMinutes?: number | null;
  bufferMinutes?: number | null;
  maxLessonsPerDay?: number | null;
  maxDaysAhead?: number | null;
}

/** A dated block of weekly hours (spec 1 section 4's availability item): ENABLE or DISABLE, optional date range. */
export const availabilityItems = sqliteTable(
  'availability_items',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users._id),
    status: text('status', { enum: ['ENABLE', 'DISABLE'] })
      .notNull()
      .default('ENABLE'),
    /** `YYYY-MM-DD` in the time zone below; either may be absent. */
    startDate: text('start_date'),
    endDate: text('end_date'),
    timezone: text('timezone').notNull(),
    weekly: text('weekly', { mode: 'json' }).$type<WeeklyHours>().notNull(),
    ...timestamps(),
  },
  (t) => [index('availability_items_user').on(t.userId)],
);

export const timeOff = sqliteTable(
  'time_off',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users._id),
    start: integer('start', { mode: 'timestamp_ms' }).notNull(),
    end: integer('end', { mode: 'timestamp_ms' }).notNull(),
    reason: text('reason', { enum: timeOffReasons }).notNull(),
    note: text('note').notNull().default(''),
    ...timestamps(),
  },
  (t) => [index('time_off_user_start').on(t.userId, t.start)],
);

/** Per-tutor booking guards; tenant defaults live in `booking_defaults`. */
export const bookingSettings = sqliteTable(
  'booking_settings',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    /** Null for the tenant's defaults row. */
    userId: text('user_id'),
    rules: text('rules', { mode: 'json' }).$type<BookingRules>().notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('booking_settings_owner').on(t.tenantId, t.userId)],
);

/** Admin's order of tutors for trials of one curriculum, subject and grade (spec 2, tutor sorting). */
export const tutorSortings = sqliteTable(
  'tutor_sortings',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    curriculum: text('curriculum').notNull(),
    subject: text('subject').notNull(),
    grade: text('grade').notNull(),
    tutorIds: text('tutor_ids', { mode: 'json' }).$type<string[]>().notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('tutor_sortings_key').on(t.tenantId, t.curriculum, t.subject, t.grade)],
);
