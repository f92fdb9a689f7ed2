import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { idColumn, tenantColumn, timestamps } from './columns';
import { type MarkSchemePoint, questions, subTopics, topics } from './content';

/** The names are denormalised as spec 3 §3 lists them, so learner filters need no joins. */
export const quizzes = sqliteTable(
  'quizzes',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    topicId: text('topic_id')
      .notNull()
      .references(() => topics._id),
    subTopicId: text('sub_topic_id').references(() => subTopics._id),
    title: text('title').notNull(),
    paper: text('paper'),
    curriculum: text('curriculum').notNull(),
    subject: text('subject').notNull(),
    grade: text('grade').notNull(),
    subjectLevel: text('subject_level'),
    subjectCode: text('subject_code'),
    questionIds: text('question_ids', { mode: 'json' }).$type<string[]>().notNull().default([]),
    /** Countdown for the whole attempt; null means untimed unless the learner turns a countdown on. */
    timeLimitSeconds: integer('time_limit_seconds'),
    isPublished: integer('is_published', { mode: 'boolean' }).notNull().default(false),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
    createdBy: text('created_by').references(() => users._id),
    ...timestamps(),
  },
  (t) => [index('quizzes_topic').on(t.tenantId, t.topicId), index('quizzes_filters').on(t.tenantId, t.curriculum, t.subject, t.grade)],
);

export const submissionStatuses = ['IN_PROGRESS', 'COMPLETED'] as const;
export const answerStatuses = ['UNANSWERED', 'ANSWERED', 'SKIPPED'] as const;
export const markSources = ['HELPER', 'TUTOR'] as const;
export const helperSources = ['workers-ai', 'openai', 'offline'] as const;
export type HelperSource = (typeof helperSources)[number];

/** One attempt at a quiz. Timer instants are the server's clock, so a device's clock never changes the countdown. */
export const submissions = sqliteTable(
  'submissions',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users._id),
    quizId: text('quiz_id')
      .notNull()
      .references(() => quizzes._id),
    subTopicId: text('sub_topic_id').references(() => subTopics._id),
    status: text('status', { enum: submissionStatuses }).notNull().default('IN_PROGRESS'),
    isTimerEnabled: integer('is_timer_enabled', { mode: 'boolean' }).notNull().default(false),
    /** The countdown length the learner chose (or the quiz's limit); null while the timer is off. */
    countdownSeconds: integer('countdown_seconds'),
    timerStart: integer('timer_start', { mode: 'timestamp_ms' }),
    /** The moment the countdown runs out: timerStart + countdownSeconds, fixed when the timer starts. */
    timerEnd: integer('timer_end', { mode: 'timestamp_ms' }),
    score: real('score'),
    maxScore: real('max_score'),
    aiFeedback: text('ai_feedback'),
    aiFeedbackSource: text('ai_feedback_source', { enum: helperSources }),
    aiFeedbackVersion: text('ai_feedback_version'),
    /** Started under the guest's 1-day free trial. */
    isTrial: integer('is_trial', { mode: 'boolean' }).notNull().default(false),
    completedAt: integer('completed_at', { mode: 'timestamp_ms' }),
    ...timestamps(),
  },
  (t) => [
    index('submissions_user_quiz').on(t.tenantId, t.userId, t.quizId),
    /** Progress (worker/lib/progress): a learner's finished attempts, covering every column the totals read. */
    index('submissions_user_progress').on(t.tenantId, t.userId, t.status, t.completedAt, t.quizId, t.subTopicId, t.score, t.maxScore),
    /** The weekly digest: the tenant's attempts finished in one week. */
    index('submissions_completed').on(t.tenantId, t.status, t.completedAt),
  ],
);

/** One question of an attempt, in quiz order; the mark keeps the rubric it was given against. */
export const submissionAnswers = sqliteTable(
  'submission_answers',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions._id),
    questionId: text('question_id')
      .notNull()
      .references(() => questions._id),
    position: integer('position').notNull(),
    status: text('status', { enum: answerStatuses }).notNull().default('UNANSWERED'),
    optionId: text('option_id'),
    answer: text('answer'),
    /** The device's time of the answer: of two saves of one answer, the later one given wins. */
    answeredAt: integer('answered_at', { mode: 'timestamp_ms' }),
    timerStart: integer('timer_start', { mode: 'timestamp_ms' }),
    timerEnd: integer('timer_end', { mode: 'timestamp_ms' }),
    hintShown: integer('hint_shown', { mode: 'boolean' }).notNull().default(false),
    /** The hint as first given, so asking again costs nothing and shows the same words. */
    hintText: text('hint_text'),
    hintSource: text('hint_source', { enum: helperSources }),
    answerShown: integer('answer_shown', { mode: 'boolean' }).notNull().default(false),
    score: real('score'),
    /** Why the mark was given, one line per mark-scheme point (credited or missed). */
    reasons: text('reasons', { mode: 'json' }).$type<string[]>().notNull().default([]),
    /** The mark scheme as it stood when marked, so a later edit to the question cannot change what a mark meant. */
    rubric: text('rubric', { mode: 'json' }).$type<MarkSchemePoint[]>().notNull().default([]),
    helperVersion: text('helper_version'),
    helperSource: text('helper_source', { enum: helperSources }),
    markSource: text('mark_source', { enum: markSources }),
    overrideReason: text('override_reason'),
    overriddenBy: text('overridden_by').references(() => users._id),
    openAiFeedback: text('open_ai_feedback'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('submission_answers_question').on(t.submissionId, t.questionId)],
);

/** What a learner used in one calendar month (UTC), counted against the plan's limits. */
export const usageCounters = sqliteTable(
  'usage_counters',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users._id),
    /** `YYYY-MM`. */
    period: text('period').notNull(),
    slideViews: integer('slide_views').notNull().default(0),
    quizAttempts: integer('quiz_attempts').notNull().default(0),
    videoWatches: integer('video_watches').notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex('usage_counters_user_period').on(t.tenantId, t.userId, t.period)],
);

/** A guest's 1-day free quiz trial: one per guest. */
export const quizTrials = sqliteTable(
  'quiz_trials',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users._id),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('quiz_trials_user').on(t.tenantId, t.userId)],
);

/** A learner's report of a problem with a quiz or one of its questions, for the content team. */
export const issueReports = sqliteTable(
  'issue_reports',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users._id),
    quizId: text('quiz_id')
      .notNull()
      .references(() => quizzes._id),
    questionId: text('question_id').references(() => questions._id),
    message: text('message').notNull(),
    ...timestamps(),
  },
  (t) => [index('issue_reports_quiz').on(t.tenantId, t.quizId)],
);
