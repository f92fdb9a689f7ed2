import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { idColumn, tenantColumn, timestamps } from './columns';

/**
 * One paper of an exam board's catalogue (spec 3 §3 "Past-paper catalogue", catalogues A–H): the board's question
 * paper and mark scheme stay on the board's site. `code` is what `quizzes.paper` names, so a quiz of past-paper
 * questions on one sub topic finds the paper they came from.
 */
export const pastPapers = sqliteTable(
  'past_papers',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    /** The catalogue: "Cambridge IGCSE", "Pearson Edexcel International GCSE", … */
    board: text('board').notNull(),
    /** The catalogue's lowercase subject key, as spec 3 lists them: maths, mathematics, combinedscience, … */
    subjectKey: text('subject_key').notNull(),
    /** The board's syllabus code (0580, 4MA1), matched against the dashboard's subject code. */
    subjectCode: text('subject_code'),
    /** A year entry, which may carry a suffix such as "(Specimen)". */
    year: text('year').notNull(),
    /** The series within the year: "May/June", "October/November"; empty when the board has one. */
    session: text('session').notNull().default(''),
    label: text('label').notNull(),
    code: text('code').notNull(),
    link: text('link').notNull(),
    /** The mark scheme's address; sometimes there is none (an empty string), as in the boards' own lists. */
    marking: text('marking').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('past_papers_code').on(t.tenantId, t.code),
    index('past_papers_subject_code').on(t.tenantId, t.subjectCode),
    index('past_papers_subject_key').on(t.tenantId, t.subjectKey),
  ],
);
