import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { idColumn, tenantColumn, timestamps } from './columns';
import { courses } from './courses';
import { sections } from './sections';

/** Spec 1 section 4: tutor payment, concern, decision, meeting request, appeal and adjustment values. */
export const tutorPaymentStatuses = ['PROCESSING', 'PAID'] as const;
export const concernStatuses = ['PENDING', 'RESOLVED', 'REJECTED'] as const;
export const concernDecisions = ['APPROVED', 'DECLINED'] as const;
export const meetingRequestStatuses = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export const meetingRequestTypes = ['CANCEL', 'RESCHEDULE', 'DELETE'] as const;
export const requesterRoles = ['STUDENT', 'TUTOR', 'ADMIN'] as const;
export const adjustmentTypes = ['ADDITION', 'DEDUCTION'] as const;
export const appealStatuses = ['PENDING', 'ACCEPTED', 'REJECTED'] as const;
/** Who closed a lesson into history: the scheduled job, or the tutor's "End lesson" (the same code path). */
export const closedByKinds = ['JOB', 'TUTOR'] as const;

/** An admin's note on a ledger record; each carries its own id so one can be removed (spec 1 section 7). */
export interface AdminNote {
  _id: string;
  note: string;
  createdBy: string;
  createdAt: string;
}

/**
 * Who was in a lesson's room and for how long, as the rooms report it (nothing is typed): the first join, the last
 * leave, the seconds spent with at least one connection open. `openConnections` counts this person's open sockets
 * (two tabs are one presence); `openedAt` is when the count last rose from zero.
 */
export const lessonAttendance = sqliteTable(
  'lesson_attendance',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    sectionId: text('section_id')
      .notNull()
      .references(() => sections._id),
    userId: text('user_id')
      .notNull()
      .references(() => users._id),
    firstJoinAt: integer('first_join_at', { mode: 'timestamp_ms' }).notNull(),
    lastLeaveAt: integer('last_leave_at', { mode: 'timestamp_ms' }),
    secondsInRoom: integer('seconds_in_room').notNull().default(0),
    openConnections: integer('open_connections').notNull().default(0),
    openedAt: integer('opened_at', { mode: 'timestamp_ms' }),
    /** Engagement: seconds with the camera on and with the microphone on, counted by the lesson board's room. */
    cameraSeconds: integer('camera_seconds').notNull().default(0),
    micSeconds: integer('mic_seconds').notNull().default(0),
    /** Times this person raised a hand in the room (the lesson's Durable Object counts each raise it applies). */
    handsRaised: integer('hands_raised').notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex('lesson_attendance_person').on(t.tenantId, t.sectionId, t.userId)],
);

/**
 * One row per lesson and student (a lesson with no student keeps one row with none), written once when the lesson
 * closes, in the same batch as the lesson's status change. The tutor's pay for the lesson is `tutorAmount`; a group
 * lesson's pay is shared over its rows in `allocatedTutorAmount`, so totals add up whichever rows are summed.
 */
export const lessonHistory = sqliteTable(
  'lesson_history',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    /** Random hex; its first 8 characters are the reference key people quote. */
    eventId: text('event_id').notNull(),
    sectionId: text('section_id')
      .notNull()
      .references(() => sections._id),
    courseId: text('course_id')
      .notNull()
      .references(() => courses._id),
    /** '' for a lesson held with no student, so the unique key still holds one row. */
    studentId: text('student_id').notNull(),
    tutorId: text('tutor_id'),
    start: integer('start', { mode: 'timestamp_ms' }).notNull(),
    end: integer('end', { mode: 'timestamp_ms' }).notNull(),
    /** Booked minutes. */
    duration: integer('duration').notNull(),
    lessonType: text('lesson_type').notNull(),
    paymentType: text('payment_type').notNull(),
    billingKind: text('billing_kind'),
    subject: text('subject').notNull(),
    curriculum: text('curriculum').notNull(),
    grade: text('grade').notNull(),
    tutorJoinTime: integer('tutor_join_time', { mode: 'timestamp_ms' }),
    tutorLeaveTime: integer('tutor_leave_time', { mode: 'timestamp_ms' }),
    tutorSecondsInRoom: integer('tutor_seconds_in_room').notNull().default(0),
    studentJoinTime: integer('student_join_time', { mode: 'timestamp_ms' }),
    studentLeaveTime: integer('student_leave_time', { mode: 'timestamp_ms' }),
    studentSecondsInRoom: integer('student_seconds_in_room').notNull().default(0),
    /** Spec 1 section 4's class timing status, for the tutor and for this row's student. */
    classTimingStatus: text('class_timing_status').notNull(),
    studentTimingStatus: text('student_timing_status').notNull(),
    /** Minor units per hour, as the rate engine found it; null when no rate applied (the explanation says why). */
    tutorRate: integer('tutor_rate'),
    tutorRateCurrency: text('tutor_rate_currency'),
    rateVersionId: text('rate_version_id'),
    rateExplanation: text('rate_explanation').notNull(),
    tutorAmount: integer('tutor_amount'),
    allocatedTutorAmount: integer('allocated_tutor_amount'),
    tutorAmountCurrency: text('tutor_amount_currency'),
    tutorPenalty: integer('tutor_penalty', { mode: 'boolean' }).notNull().default(false),
    tutorPenaltyAmount: integer('tutor_penalty_amount').notNull().default(0),
    tutorPenaltyReason: text('tutor_penalty_reason'),
    lessonExtension: integer('lesson_extension').notNull().default(0),
    lessonExtensionTutorAmount: integer('lesson_extension_tutor_amount').notNull().default(0),
    classExtensionRequestStatus: text('class_extension_request_status'),
    tutorPaymentStatus: text('tutor_payment_status', { enum: tutorPaymentStatuses }).notNull().default('PROCESSING'),
    isTrialConverted: integer('is_trial_converted', { mode: 'boolean' }).notNull().default(false),
    trialConversionStatus: text('trial_conversion_status'),
    concernStatus: text('concern_status', { enum: concernStatuses }),
    concernNote: text('concern_note'),
    concernDecision: text('concern_decision', { enum: concernDecisions }),
    concernResponse: text('concern_response'),
    adminNotes: text('admin_notes', { mode: 'json' }).$type<AdminNote[]>().notNull().default([]),
    payRunId: text('pay_run_id'),
    closedBy: text('closed_by', { enum: closedByKinds }).notNull(),
    closedAt: integer('closed_at', { mode: 'timestamp_ms' }).notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('lesson_history_lesson_student').on(t.tenantId, t.sectionId, t.studentId),
    index('lesson_history_start').on(t.tenantId, t.start),
    index('lesson_history_tutor').on(t.tenantId, t.tutorId, t.start),
    index('lesson_history_student').on(t.tenantId, t.studentId, t.start),
    index('lesson_history_event').on(t.tenantId, t.eventId),
  ],
);

/**
 * A tenant's cancellation and reschedule policy, as data: each edit is a new version and a request keeps the
 * version it was made under. `rules` is `CancellationRules` (schema/contracts/cancellation-policy.ts).
 */
export const cancellationPolicies = sqliteTable(
  'cancellation_policies',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    version: integer('version').notNull(),
    rules: text('rules', { mode: 'json' }).notNull(),
    createdBy: text('created_by').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('cancellation_policies_version').on(t.tenantId, t.version)],
);

/** A request to cancel, reschedule or delete a lesson, with the penalty its policy version set when it was made. */
export const meetingRequests = sqliteTable(
  'meeting_requests',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    sectionId: text('section_id')
      .notNull()
      .references(() => sections._id),
    courseId: text('course_id').notNull(),
    type: text('type', { enum: meetingRequestTypes }).notNull(),
    status: text('status', { enum: meetingRequestStatuses }).notNull().default('PENDING'),
    requestedBy: text('requested_by').notNull(),
    requestedByRole: text('requested_by_role', { enum: requesterRoles }).notNull(),
    start: integer('start', { mode: 'timestamp_ms' }).notNull(),
    newStart: integer('new_start', { mode: 'timestamp_ms' }),
    tutorIds: text('tutor_ids', { mode: 'json' }).$type<string[]>().notNull(),
    studentIds: text('student_ids', { mode: 'json' }).$type<string[]>().notNull(),
    reason: text('reason').notNull(),
    policyVersion: integer('policy_version').notNull(),
    penalty: integer('penalty', { mode: 'boolean' }).notNull().default(false),
    penaltyAmount: integer('penalty_amount').notNull().default(0),
    penaltyReason: text('penalty_reason'),
    /** Whether the penalty can be charged: inside the late-cancel window a cancelled lesson still counts. */
    chargeable: integer('chargeable', { mode: 'boolean' }).notNull().default(false),
    tutorAmountCurrency: text('tutor_amount_currency'),
    tutorAmount: integer('tutor_amount'),
    tutorPaymentStatus: text('tutor_payment_status', { enum: tutorPaymentStatuses }).notNull().default('PROCESSING'),
    respondedBy: text('responded_by'),
    respondedAt: integer('responded_at', { mode: 'timestamp_ms' }),
    responseNote: text('response_note'),
    adminNotes: text('admin_notes', { mode: 'json' }).$type<AdminNote[]>().notNull().default([]),
    ...timestamps(),
  },
  (t) => [
    index('meeting_requests_status').on(t.tenantId, t.status, t.createdAt),
    index('meeting_requests_section').on(t.tenantId, t.sectionId),
    index('meeting_requests_requester').on(t.tenantId, t.requestedBy),
    index('meeting_requests_start').on(t.tenantId, t.start),
  ],
);

/**
 * Penalty waivers and manual pay adjustments (spec 1 section 3, spec 2's manual adjustments): an ADDITION or
 * DEDUCTION to a tutor's pay, alone or against a lesson's history row or a meeting request; a tutor may appeal one.
 */
export const penaltyWaivers = sqliteTable(
  'penalty_waivers',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    tutorId: text('tutor_id')
      .notNull()
      .references(() => users._id),
    courseId: text('course_id'),
    lessonHistoryId: text('lesson_history_id'),
    meetingRequestId: text('meeting_request_id'),
    studentIds: text('student_ids', { mode: 'json' }).$type<string[]>().notNull().default([]),
    startDate: integer('start_date', { mode: 'timestamp_ms' }),
    endDate: integer('end_date', { mode: 'timestamp_ms' }),
    lessonType: text('lesson_type'),
    paymentType: text('payment_type'),
    /** Minor units, always positive: `type` says which way it goes. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    type: text('type', { enum: adjustmentTypes }).notNull(),
    /** A manual adjustment (spec 2) rather than a penalty waiver: listed apart, same ledger. */
    manual: integer('manual', { mode: 'boolean' }).notNull().default(false),
    category: text('category'),
    note: text('note').notNull().default(''),
    paymentStatus: text('payment_status', { enum: tutorPaymentStatuses }).notNull().default('PROCESSING'),
    appealStatus: text('appeal_status', { enum: appealStatuses }),
    appealTutorNote: text('appeal_tutor_note'),
    appealAdminNote: text('appeal_admin_note'),
    appealRespondedBy: text('appeal_responded_by'),
    payRunId: text('pay_run_id'),
    createdBy: text('created_by').notNull(),
    adminNotes: text('admin_notes', { mode: 'json' }).$type<AdminNote[]>().notNull().default([]),
    ...timestamps(),
  },
  (t) => [index('penalty_waivers_tutor').on(t.tenantId, t.tutorId, t.createdAt), index('penalty_waivers_created').on(t.tenantId, t.createdAt)],
);

/** A pay run: a period's tutor pay reviewed and marked PAID together; its rows point back at it. */
export const payRuns = sqliteTable(
  'pay_runs',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    periodStart: integer('period_start', { mode: 'timestamp_ms' }).notNull(),
    periodEnd: integer('period_end', { mode: 'timestamp_ms' }).notNull(),
    /** Per tutor and currency, as reviewed when the run was made: `PayRunTotal[]`. */
    totals: text('totals', { mode: 'json' }).notNull(),
    createdBy: text('created_by').notNull(),
    ...timestamps(),
  },
  (t) => [index('pay_runs_created').on(t.tenantId, t.createdAt)],
);

/**
 * Every run of a scheduled job, per tenant, keyed by the run's id (the cron's scheduled time): written in the same
 * batch as the run's effects, so a run delivered twice changes nothing the second time.
 */
export const jobRuns = sqliteTable(
  'job_runs',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    job: text('job').notNull(),
    runKey: text('run_key').notNull(),
    /** What the run did, in numbers (lessons closed, rows written). */
    summary: text('summary', { mode: 'json' }).notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('job_runs_key').on(t.tenantId, t.job, t.runKey)],
);
