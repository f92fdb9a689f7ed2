import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { idColumn, tenantColumn, timestamps } from './columns';
import type { MarkSchemePoint } from './content';
import { subTopics } from './content';
import { type HelperSource, helperSources } from './quiz';

/** Who wrote a structured question: an admin by hand, the language-model helper, or the offline helper's rules. */
export const essayOrigins = ['ADMIN', 'AI', 'OFFLINE'] as const;
export const essayVerdicts = ['CORRECT', 'PARTIAL', 'INCORRECT'] as const;

/** One part of a structured question, with its marks and the rubric it is marked against. */
export interface EssaySubQuestion {
  _id: string;
  prompt: string;
  marks: number;
  /** What a full-marks answer says; shown to the learner after marking. */
  modelAnswer: string;
  markScheme: MarkSchemePoint[];
}

/** A learner's answer to one part and its mark (spec 3 §3: verdict, givenMarks, analysis, subQuestionId). */
export interface EssayAnswer {
  subQuestionId: string;
  answer: string;
  verdict: (typeof essayVerdicts)[number];
  givenMarks: number;
  maxMarks: number;
  /** One line per rubric point, credited or missing, as the helper marked it. */
  analysis: string[];
  source: HelperSource | 'TUTOR';
  overrideReason: string | null;
  overriddenBy: string | null;
}

export const essayQuestions = sqliteTable(
  'essay_questions',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    subTopicId: text('sub_topic_id')
      .notNull()
      .references(() => subTopics._id),
    /** The shared context every part refers to; `$…$` delimits LaTeX. */
    stem: text('stem').notNull(),
    subQuestions: text('sub_questions', { mode: 'json' }).$type<EssaySubQuestion[]>().notNull(),
    totalMarks: integer('total_marks').notNull(),
    origin: text('origin', { enum: essayOrigins }).notNull().default('ADMIN'),
    isApproved: integer('is_approved', { mode: 'boolean' }).notNull().default(false),
    approvedBy: text('approved_by').references(() => users._id),
    createdBy: text('created_by').references(() => users._id),
    /** `PUT delete/{id}` hides the question; learners' marked responses keep their own copy of what was asked. */
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
    ...timestamps(),
  },
  (t) => [index('essay_questions_sub_topic').on(t.tenantId, t.subTopicId)],
);

/** One marked `aiResponse`: what was asked (copied, so later edits never change a past mark) and each part's mark. */
export const essayResponses = sqliteTable(
  'essay_responses',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    essayQuestionId: text('essay_question_id')
      .notNull()
      .references(() => essayQuestions._id),
    userId: text('user_id')
      .notNull()
      .references(() => users._id),
    stem: text('stem').notNull(),
    subQuestions: text('sub_questions', { mode: 'json' }).$type<EssaySubQuestion[]>().notNull(),
    answers: text('answers', { mode: 'json' }).$type<EssayAnswer[]>().notNull(),
    givenMarks: real('given_marks').notNull(),
    totalMarks: integer('total_marks').notNull(),
    source: text('source', { enum: helperSources }).notNull(),
    version: text('version').notNull(),
    ...timestamps(),
  },
  (t) => [index('essay_responses_user').on(t.tenantId, t.userId)],
);
