import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { idColumn, tenantColumn, timestamps } from './columns';
import { courses } from './courses';
import { sections } from './sections';

export const handInStatuses = ['HANDED_IN', 'MARKED'] as const;

/** One file of a hand-in, stored in R2 under the tenant; its type was read from its bytes, not the browser's guess. */
export interface HandInFile {
  _id: string;
  key: string;
  name: string;
  size: number;
  contentType: string;
}

/**
 * A student's hand-in for a homework (a HOMEWORK section): files and text, replaced freely until the tutor marks it.
 * One per homework and student; lateness is read against the homework's due date, so a moved due date moves it too.
 */
export const homeworkSubmissions = sqliteTable(
  'homework_submissions',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    sectionId: text('section_id')
      .notNull()
      .references(() => sections._id),
    courseId: text('course_id')
      .notNull()
      .references(() => courses._id),
    studentId: text('student_id')
      .notNull()
      .references(() => users._id),
    status: text('status', { enum: handInStatuses }).notNull().default('HANDED_IN'),
    text: text('text').notNull().default(''),
    files: text('files', { mode: 'json' }).$type<HandInFile[]>().notNull().default([]),
    handedInAt: integer('handed_in_at', { mode: 'timestamp_ms' }).notNull(),
    mark: integer('mark'),
    outOf: integer('out_of'),
    feedback: text('feedback'),
    markedBy: text('marked_by'),
    markedAt: integer('marked_at', { mode: 'timestamp_ms' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('homework_submissions_student').on(t.tenantId, t.sectionId, t.studentId),
    index('homework_submissions_course').on(t.tenantId, t.courseId),
  ],
);

export const feedbackAuthors = ['TUTOR', 'STUDENT'] as const;

/**
 * Feedback on a lesson between its tutor and one of its students: the tutor's to the student carries stars and
 * reward badges; the student's to the tutor carries stars. One of each per lesson, tutor and student.
 */
export const lessonFeedbacks = sqliteTable(
  'lesson_feedbacks',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    sectionId: text('section_id')
      .notNull()
      .references(() => sections._id),
    courseId: text('course_id')
      .notNull()
      .references(() => courses._id),
    author: text('author', { enum: feedbackAuthors }).notNull(),
    tutorId: text('tutor_id')
      .notNull()
      .references(() => users._id),
    studentId: text('student_id')
      .notNull()
      .references(() => users._id),
    stars: integer('stars').notNull(),
    rewards: text('rewards', { mode: 'json' }).$type<string[]>().notNull().default([]),
    comment: text('comment').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('lesson_feedbacks_one').on(t.tenantId, t.sectionId, t.author, t.tutorId, t.studentId),
    index('lesson_feedbacks_student').on(t.tenantId, t.studentId),
    index('lesson_feedbacks_tutor').on(t.tenantId, t.tutorId),
  ],
);
