import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { idColumn, tenantColumn, timestamps } from './columns';

const owner = () => ({
  _id: idColumn(),
  tenantId: tenantColumn(),
  userId: text('user_id')
    .notNull()
    .references(() => users._id),
});

export const userExperiences = sqliteTable(
  'user_experiences',
  {
    ...owner(),
    title: text('title').notNull(),
    organisation: text('organisation').notNull().default(''),
    startDate: text('start_date'),
    endDate: text('end_date'),
    description: text('description').notNull().default(''),
    ...timestamps(),
  },
  (t) => [index('user_experiences_user').on(t.userId)],
);

export const userQualifications = sqliteTable(
  'user_qualifications',
  {
    ...owner(),
    title: text('title').notNull(),
    institution: text('institution').notNull().default(''),
    year: integer('year'),
    description: text('description').notNull().default(''),
    ...timestamps(),
  },
  (t) => [index('user_qualifications_user').on(t.userId)],
);

export const userAchievements = sqliteTable(
  'user_achievements',
  {
    ...owner(),
    title: text('title').notNull(),
    year: integer('year'),
    description: text('description').notNull().default(''),
    ...timestamps(),
  },
  (t) => [index('user_achievements_user').on(t.userId)],
);

export const userLanguages = sqliteTable(
  'user_languages',
  {
    ...owner(),
    /** BCP 47 tag, e.g. `en`, `zh-Hans`; names come from Intl.DisplayNames. */
    language: text('language').notNull(),
    proficiency: text('proficiency', { enum: ['BASIC', 'CONVERSATIONAL', 'FLUENT', 'NATIVE'] }).notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('user_languages_user_language').on(t.userId, t.language)],
);

/** A subject a student learns or a tutor teaches: curriculum, subject and grade by name, as the catalogue lists them. */
export const userSubjects = sqliteTable(
  'user_subjects',
  {
    ...owner(),
    curriculum: text('curriculum').notNull(),
    subject: text('subject').notNull(),
    grade: text('grade').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('user_subjects_unique').on(t.userId, t.curriculum, t.subject, t.grade)],
);

/** Notes admins keep on a record (users now; invoices, payments and lessons later). `_id` is the spec's noteId. */
export const adminNotes = sqliteTable(
  'admin_notes',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    subjectType: text('subject_type', { enum: ['USER', 'INVOICE', 'PAYMENT', 'TRANSACTION', 'LESSON'] }).notNull(),
    subjectId: text('subject_id').notNull(),
    note: text('note').notNull(),
    authorId: text('author_id').notNull(),
    ...timestamps(),
  },
  (t) => [index('admin_notes_subject').on(t.subjectType, t.subjectId)],
);
