import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { idColumn, tenantColumn, timestamps } from './columns';
import { sections } from './sections';

/**
 * LATE: the tutor had not joined one minute after the start, and the room alerted them and the admins.
 * JOINED_LATE: they came afterwards (tutorJoinedAt says when). MISSED: the lesson ended without them.
 */
export const callLogStatuses = ['LATE', 'JOINED_LATE', 'MISSED'] as const;
export type CallLogStatus = (typeof callLogStatuses)[number];

/** One row per lesson whose tutor was late, written by the lesson's waiting room. */
export const callLogs = sqliteTable(
  'call_logs',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    sectionId: text('section_id')
      .notNull()
      .references(() => sections._id),
    courseId: text('course_id').notNull(),
    tutorId: text('tutor_id'),
    studentIds: text('student_ids', { mode: 'json' }).$type<string[]>().notNull(),
    /** Who was in the waiting room when the alert went out. */
    waitingUserIds: text('waiting_user_ids', { mode: 'json' }).$type<string[]>().notNull(),
    notifiedUserIds: text('notified_user_ids', { mode: 'json' }).$type<string[]>().notNull(),
    lessonStart: integer('lesson_start', { mode: 'timestamp_ms' }).notNull(),
    status: text('status', { enum: callLogStatuses }).notNull(),
    /** Why an alert could not be delivered, if one could not. */
    error: text('error'),
    tutorJoinedAt: integer('tutor_joined_at', { mode: 'timestamp_ms' }),
    ...timestamps(),
  },
  (t) => [index('call_logs_tenant_start').on(t.tenantId, t.lessonStart), index('call_logs_section').on(t.sectionId)],
);
