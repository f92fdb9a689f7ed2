import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { trialOutcomes, trialStatuses } from '../contracts/trial-enums';
import { users } from './accounts';
import { idColumn, tenantColumn, timestamps } from './columns';
import { courses } from './courses';
import { sections } from './sections';

/** A free trial lesson (spec 2, trials): its own one-to-one course with one TRIAL lesson, and how it went. */
export const trials = sqliteTable(
  'trials',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    curriculum: text('curriculum').notNull(),
    subject: text('subject').notNull(),
    grade: text('grade').notNull(),
    studentId: text('student_id')
      .notNull()
      .references(() => users._id),
    tutorId: text('tutor_id')
      .notNull()
      .references(() => users._id),
    courseId: text('course_id')
      .notNull()
      .references(() => courses._id),
    /** Not null on purpose: a booking whose lesson lost the slot race writes NULL here and so rolls its batch back. */
    sectionId: text('section_id')
      .notNull()
      .references(() => sections._id),
    start: integer('start', { mode: 'timestamp_ms' }).notNull(),
    end: integer('end', { mode: 'timestamp_ms' }).notNull(),
    status: text('status', { enum: trialStatuses }).notNull().default('SCHEDULED'),
    outcome: text('outcome', { enum: trialOutcomes }),
    notes: text('notes').notNull().default(''),
    createdBy: text('created_by').notNull(),
    ...timestamps(),
  },
  (t) => [index('trials_tenant_start').on(t.tenantId, t.start), index('trials_student').on(t.studentId), index('trials_tutor').on(t.tutorId)],
);
