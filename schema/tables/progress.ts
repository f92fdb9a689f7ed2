import { sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { ProgressSubjectChoice } from '../contracts/progress';
import { users } from './accounts';
import { idColumn, tenantColumn, timestamps } from './columns';

/**
 * What a learner saves of their progress (spec 3 §3: userId and subjects, each with subjectCode): the subjects they
 * follow and where in each they last were. Scores are never stored here: progress is computed from finished quiz
 * attempts and closed lessons (worker/lib/progress/compute.ts).
 */
export const progress = sqliteTable(
  'progress',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users._id),
    subjects: text('subjects', { mode: 'json' }).$type<ProgressSubjectChoice[]>().notNull().default([]),
    ...timestamps(),
  },
  (t) => [uniqueIndex('progress_user').on(t.tenantId, t.userId)],
);
