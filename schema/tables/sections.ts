import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { idColumn, tenantColumn, timestamps } from './columns';
import { courses } from './courses';

export const sectionKinds = ['SECTION', 'ZOOM', 'TEAMS', 'RESOURCE', 'HOMEWORK'] as const;
export const sectionStatuses = ['ACTIVE', 'CANCELLED', 'COMPLETED'] as const;
export const lessonKinds = ['TRIAL', 'DUMMY', 'LESSON'] as const;
export const billingKinds = ['BILLABLE', 'NON_BILLABLE'] as const;
export const attendeeKinds = ['STUDENT', 'TUTOR'] as const;

/** A weekly lesson series: each occurrence is its own section, so one can be cancelled or moved alone. */
export const lessonSeries = sqliteTable('lesson_series', {
  _id: idColumn(),
  tenantId: tenantColumn(),
  courseId: text('course_id')
    .notNull()
    .references(() => courses._id),
  /** IANA zone the series was planned in, so occurrences keep their local wall-clock time across DST changes. */
  timezone: text('timezone').notNull(),
  firstStart: integer('first_start', { mode: 'timestamp_ms' }).notNull(),
  occurrences: integer('occurrences').notNull(),
  ...timestamps(),
});

export const sections = sqliteTable(
  'sections',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses._id),
    parentId: text('parent_id'),
    sortingKey: real('sorting_key').notNull(),
    kind: text('kind', { enum: sectionKinds }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: sectionStatuses }).notNull().default('ACTIVE'),
    /** Meetings (ZOOM, TEAMS): start, length in minutes, what kind of lesson and whether it is billed. */
    start: integer('start', { mode: 'timestamp_ms' }),
    duration: integer('duration'),
    lessonKind: text('lesson_kind', { enum: lessonKinds }),
    billingKind: text('billing_kind', { enum: billingKinds }),
    joinUrl: text('join_url'),
    seriesId: text('series_id'),
    cancelReason: text('cancel_reason'),
    /** Set when the lesson closed without its tutor ever joining: the one lesson-state rule then reads "missed". */
    missed: integer('missed', { mode: 'boolean' }).notNull().default(false),
    /** Resources and homework: an uploaded file in R2 and/or a web link; homework has a due date. */
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileSize: integer('file_size'),
    contentType: text('content_type'),
    link: text('link'),
    dueAt: integer('due_at', { mode: 'timestamp_ms' }),
    createdBy: text('created_by').notNull(),
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
    ...timestamps(),
  },
  (t) => [index('sections_course_parent').on(t.courseId, t.parentId, t.sortingKey), index('sections_tenant_start').on(t.tenantId, t.start)],
);

export const sectionAttendees = sqliteTable(
  'section_attendees',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    sectionId: text('section_id')
      .notNull()
      .references(() => sections._id),
    userId: text('user_id')
      .notNull()
      .references(() => users._id),
    kind: text('kind', { enum: attendeeKinds }).notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('section_attendees_unique').on(t.sectionId, t.userId), index('section_attendees_user').on(t.userId)],
);
