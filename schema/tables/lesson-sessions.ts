import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { idColumn, tenantColumn, timestamps } from './columns';
import { sections } from './sections';

/** A question worked on in a lesson, shown as a board page: `pageNo` is the board page it belongs to. */
export interface SessionQuestion {
  _id: string;
  pageNo: number;
  text: string;
}

/** A lesson's session (spec 3, section 3): its questions by page, the sub topic and the student; one per lesson. */
export const lessonSessions = sqliteTable(
  'lesson_sessions',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    sectionId: text('section_id')
      .notNull()
      .references(() => sections._id),
    studentId: text('student_id').references(() => users._id),
    subTopicId: text('sub_topic_id'),
    questions: text('questions', { mode: 'json' }).$type<SessionQuestion[]>().notNull().default([]),
    /** Set by the tutor's "End lesson"; every bookmark answer then carries isMeetingEnded. */
    endedAt: integer('ended_at', { mode: 'timestamp_ms' }),
    endedBy: text('ended_by'),
    createdBy: text('created_by').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('lesson_sessions_section').on(t.tenantId, t.sectionId)],
);

/** A bookmarked board page of a lesson (spec 3, section 3). */
export const bookmarks = sqliteTable(
  'bookmarks',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    sectionId: text('section_id')
      .notNull()
      .references(() => sections._id),
    tutorId: text('tutor_id').references(() => users._id),
    studentId: text('student_id').references(() => users._id),
    subject: text('subject').notNull(),
    subTopicId: text('sub_topic_id'),
    subTopicName: text('sub_topic_name'),
    pageNo: integer('page_no').notNull(),
    /** the board page's id, so the bookmark still finds its page if pages are added later */
    pageId: text('page_id').notNull(),
    createdBy: text('created_by').notNull(),
    ...timestamps(),
  },
  (t) => [index('bookmarks_student').on(t.tenantId, t.studentId, t.subject), index('bookmarks_tutor').on(t.tenantId, t.tutorId, t.subject)],
);
