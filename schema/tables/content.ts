import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { idColumn, tenantColumn, timestamps } from './columns';
import { grades, subjects } from './learning';

export const questionKinds = ['MCQ', 'OPEN'] as const;
export const questionDifficulties = ['EASY', 'MEDIUM', 'HARD'] as const;

export interface SubTopicResource {
  _id: string;
  title: string;
  url: string;
}
export interface SubTopicVideoLink {
  _id: string;
  title: string;
  url: string;
  sortingOrder: number;
}
export interface SubTopicContentBlock {
  _id: string;
  title: string;
  /** Rich text as HTML with LaTeX math nodes; sanitised with DOMPurify wherever it is shown. */
  body: string;
}
export interface SubTopicFaq {
  _id: string;
  question: string;
  answer: string;
}
export interface SubTopicReview {
  _id: string;
  author: string;
  rating: number;
  text: string;
}
export interface QuestionOption {
  _id: string;
  text: string;
}
/** One creditable point of an open answer; the offline helper and tutors mark against these. */
export interface MarkSchemePoint {
  _id: string;
  point: string;
  marks: number;
  /** Words or phrases that show the point was made, for the offline helper. */
  keywords: string[];
}

/** Curriculum → subject → grade → topic → sub topic: topics hang off one grade of one subject. */
export const topics = sqliteTable(
  'topics',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    subjectId: text('subject_id')
      .notNull()
      .references(() => subjects._id),
    gradeId: text('grade_id')
      .notNull()
      .references(() => grades._id),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    sortingOrder: integer('sorting_order').notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex('topics_grade_slug').on(t.gradeId, t.slug), index('topics_subject').on(t.tenantId, t.subjectId)],
);

export const subTopics = sqliteTable(
  'sub_topics',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    topicId: text('topic_id')
      .notNull()
      .references(() => topics._id),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    summary: text('summary').notNull().default(''),
    sortingOrder: integer('sorting_order').notNull().default(0),
    resources: text('resources', { mode: 'json' }).$type<SubTopicResource[]>().notNull().default([]),
    videoLinks: text('video_links', { mode: 'json' }).$type<SubTopicVideoLink[]>().notNull().default([]),
    contents: text('contents', { mode: 'json' }).$type<SubTopicContentBlock[]>().notNull().default([]),
    faqs: text('faqs', { mode: 'json' }).$type<SubTopicFaq[]>().notNull().default([]),
    reviews: text('reviews', { mode: 'json' }).$type<SubTopicReview[]>().notNull().default([]),
    ...timestamps(),
  },
  (t) => [uniqueIndex('sub_topics_topic_slug').on(t.topicId, t.slug)],
);

export const questions = sqliteTable(
  'questions',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    subTopicId: text('sub_topic_id')
      .notNull()
      .references(() => subTopics._id),
    kind: text('kind', { enum: questionKinds }).notNull(),
    /** Question text; `$…$` and `$$…$$` delimit LaTeX. */
    text: text('text').notNull(),
    options: text('options', { mode: 'json' }).$type<QuestionOption[]>().notNull().default([]),
    correctOptionId: text('correct_option_id'),
    /** The model answer shown by "get answer" (for MCQ, the correct option's text is used when empty). */
    answer: text('answer').notNull().default(''),
    explanation: text('explanation').notNull().default(''),
    hint: text('hint').notNull().default(''),
    markScheme: text('mark_scheme', { mode: 'json' }).$type<MarkSchemePoint[]>().notNull().default([]),
    maxMarks: integer('max_marks').notNull().default(1),
    difficulty: text('difficulty', { enum: questionDifficulties }).notNull(),
    level: integer('level').notNull(),
    isApproved: integer('is_approved', { mode: 'boolean' }).notNull().default(false),
    approvedBy: text('approved_by').references(() => users._id),
    /** The player offers "Mark my answer" (AI marking) on this open question only when set; finishing marks it either way. */
    openAimarking: integer('open_aimarking', { mode: 'boolean' }).notNull().default(false),
    /** The player offers an AI hint on this question only when set. */
    aiHint: integer('ai_hint', { mode: 'boolean' }).notNull().default(false),
    createdBy: text('created_by').references(() => users._id),
    /** `PUT delete/{id}` hides a question; past submissions still show it. */
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
    ...timestamps(),
  },
  (t) => [index('questions_sub_topic').on(t.tenantId, t.subTopicId)],
);
