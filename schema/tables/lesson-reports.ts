import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { idColumn, tenantColumn, timestamps } from './columns';
import { sections } from './sections';

export const lessonReportStatuses = ['DRAFT', 'SENT'] as const;

/** A homework set in the lesson, as the report lists it. */
export interface ReportHomework {
  title: string;
  /** ISO 8601 */
  dueAt: string | null;
}

/**
 * The tutor's report on a lesson for one student and the parents who act for them. The facts (headings of the notes,
 * bookmarked pages, the board's page count, minutes in the room, homework) are taken from the rooms when the draft is
 * first saved; the tutor writes `summary` and may edit `covered`. Sending stamps `sentAt` and mails it.
 */
export const lessonReports = sqliteTable(
  'lesson_reports',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    sectionId: text('section_id')
      .notNull()
      .references(() => sections._id),
    studentId: text('student_id')
      .notNull()
      .references(() => users._id),
    tutorId: text('tutor_id').notNull(),
    status: text('status', { enum: lessonReportStatuses }).notNull().default('DRAFT'),
    summary: text('summary').notNull().default(''),
    covered: text('covered', { mode: 'json' }).$type<string[]>().notNull().default([]),
    bookmarkedPages: text('bookmarked_pages', { mode: 'json' }).$type<number[]>().notNull().default([]),
    boardPages: integer('board_pages').notNull().default(0),
    minutesInRoom: integer('minutes_in_room').notNull().default(0),
    homework: text('homework', { mode: 'json' }).$type<ReportHomework[]>().notNull().default([]),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('lesson_reports_lesson_student').on(t.tenantId, t.sectionId, t.studentId)],
);
