import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { DiagnosticAnswer, DiagnosticRecommendation, TopicScore } from '../contracts/diagnostics';
import { users } from './accounts';
import { idColumn, tenantColumn, timestamps } from './columns';
import { helperSources } from './quiz';

/** A short test across a subject's topics, drawn from the question bank; the names are kept as learners filter by them. */
export const diagnosticTests = sqliteTable(
  'diagnostic_tests',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    curriculum: text('curriculum').notNull(),
    subject: text('subject').notNull(),
    grade: text('grade').notNull(),
    questionIds: text('question_ids', { mode: 'json' }).$type<string[]>().notNull().default([]),
    /** Learners see published tests only; tests made before the editor existed were all on offer, hence the default. */
    isPublished: integer('is_published', { mode: 'boolean' }).notNull().default(true),
    ...timestamps(),
  },
  (t) => [index('diagnostic_tests_subject').on(t.tenantId, t.subject, t.grade)],
);

/**
 * One diagnostic as it was taken: the marks by question and by topic and the recommendation are fixed when it is
 * handed in, so a later edit to the bank or the plans never changes what a family was told.
 */
export const diagnostics = sqliteTable(
  'diagnostics',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    /** Whoever took it: a student, or a visitor's guest user (which becomes their account if they sign up). */
    userId: text('user_id')
      .notNull()
      .references(() => users._id),
    testId: text('test_id')
      .notNull()
      .references(() => diagnosticTests._id),
    curriculum: text('curriculum').notNull(),
    subject: text('subject').notNull(),
    grade: text('grade').notNull(),
    score: real('score').notNull(),
    maxScore: real('max_score').notNull(),
    answers: text('answers', { mode: 'json' }).$type<DiagnosticAnswer[]>().notNull(),
    topics: text('topics', { mode: 'json' }).$type<TopicScore[]>().notNull(),
    recommendation: text('recommendation', { mode: 'json' }).$type<DiagnosticRecommendation>().notNull(),
    helperText: text('helper_text').notNull(),
    helperSource: text('helper_source', { enum: helperSources }).notNull(),
    helperVersion: text('helper_version').notNull(),
    /** A visitor's contact details, given with the diagnostic (the lead). */
    leadName: text('lead_name'),
    leadEmail: text('lead_email'),
    leadPhone: text('lead_phone'),
    ...timestamps(),
  },
  (t) => [index('diagnostics_user').on(t.tenantId, t.userId, t.subject, t.grade)],
);

/** A result sent to a parent's address; the mail's link carries the token, of which only the hash is kept. */
export const diagnosticShares = sqliteTable(
  'diagnostic_shares',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    diagnosticId: text('diagnostic_id')
      .notNull()
      .references(() => diagnostics._id),
    sharedBy: text('shared_by')
      .notNull()
      .references(() => users._id),
    email: text('email').notNull(),
    name: text('name'),
    tokenHash: text('token_hash').notNull(),
    ...timestamps(),
  },
  (t) => [index('diagnostic_shares_diagnostic').on(t.tenantId, t.diagnosticId), uniqueIndex('diagnostic_shares_token').on(t.tokenHash)],
);

export const callbackStatuses = ['OPEN', 'DONE'] as const;

/** A family asking the team to call about a result: one per diagnostic, for the admins' list. */
export const callbackRequests = sqliteTable(
  'callback_requests',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    diagnosticId: text('diagnostic_id')
      .notNull()
      .references(() => diagnostics._id),
    requestedBy: text('requested_by')
      .notNull()
      .references(() => users._id),
    /** The share the request came through, when a parent asked from the e-mailed link. */
    shareId: text('share_id').references(() => diagnosticShares._id),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    /** OPEN until a teammate has called and closed it (DONE), with a note of how it went. */
    status: text('status', { enum: callbackStatuses }).notNull().default('OPEN'),
    assignedTo: text('assigned_to').references(() => users._id),
    assignedAt: integer('assigned_at', { mode: 'timestamp_ms' }),
    note: text('note').notNull().default(''),
    closedBy: text('closed_by').references(() => users._id),
    closedAt: integer('closed_at', { mode: 'timestamp_ms' }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('callback_requests_diagnostic').on(t.tenantId, t.diagnosticId), index('callback_requests_created').on(t.tenantId, t.createdAt)],
);
