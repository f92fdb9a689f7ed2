import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { idColumn, tenantColumn, timestamps } from './columns';

export const curricula = sqliteTable(
  'curricula',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    sortingOrder: integer('sorting_order').notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex('curricula_tenant_slug').on(t.tenantId, t.slug)],
);

export const subjects = sqliteTable(
  'subjects',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    curriculumId: text('curriculum_id')
      .notNull()
      .references(() => curricula._id),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    subjectCode: text('subject_code'),
    sortingOrder: integer('sorting_order').notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex('subjects_curriculum_slug').on(t.curriculumId, t.slug)],
);

export const grades = sqliteTable(
  'grades',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    subjectId: text('subject_id')
      .notNull()
      .references(() => subjects._id),
    grade: text('grade').notNull(),
    sortingOrder: integer('sorting_order').notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex('grades_subject_grade').on(t.subjectId, t.grade)],
);
