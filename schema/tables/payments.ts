import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import {
  billingIntervals,
  creditEntryKinds,
  paymentRecordStatuses,
  paymentSessionStatuses,
  paymentTypes,
  stripeEventOutcomes,
  subscriptionStatuses,
} from '../contracts/payments';
import { users } from './accounts';
import { idColumn, tenantColumn, timestamps } from './columns';
import type { AdminNote } from './ledger';

/**
 * One Checkout session we asked the provider for. The amount is computed here from our own prices when the session
 * is made, and what fulfilment credits (`minutes`) is fixed with it, so the webhook never trusts the event for either.
 */
export const paymentSessions = sqliteTable(
  'payment_sessions',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    payerId: text('payer_id')
      .notNull()
      .references(() => users._id),
    /** The student the purchase is for: the payer, or a parent's child. */
    studentId: text('student_id')
      .notNull()
      .references(() => users._id),
    paymentType: text('payment_type', { enum: paymentTypes }).notNull(),
    /** What is bought, by kind and id (a flexible plan, a course, an invoice), and its name as the payer saw it. */
    itemKind: text('item_kind').notNull(),
    itemId: text('item_id').notNull(),
    description: text('description').notNull(),
    courseId: text('course_id'),
    minutes: integer('minutes').notNull().default(0),
    /** Minor units of `currency` (ISO 4217). */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** When the credited minutes lapse, if the plan has a duration. */
    creditExpiresAt: integer('credit_expires_at', { mode: 'timestamp_ms' }),
    provider: text('provider', { enum: ['stripe', 'simulated'] }).notNull(),
    providerSessionId: text('provider_session_id').notNull(),
    providerPaymentId: text('provider_payment_id'),
    status: text('status', { enum: paymentSessionStatuses }).notNull().default('OPEN'),
    /** Set for a subscription: it renews every `intervalCount` `billingInterval`s, crediting `minutes` each time. */
    billingInterval: text('billing_interval', { enum: billingIntervals }),
    intervalCount: integer('interval_count'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('payment_sessions_provider_id').on(t.tenantId, t.providerSessionId), index('payment_sessions_payer').on(t.tenantId, t.payerId)],
);

/** Every webhook event we accepted, once per id: the unique key is what makes a redelivery a no-op. */
export const stripeEvents = sqliteTable(
  'stripe_events',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    outcome: text('outcome', { enum: stripeEventOutcomes }).notNull(),
    paymentSessionId: text('payment_session_id'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('stripe_events_event').on(t.tenantId, t.eventId)],
);

/**
 * The balance, as an append-only list: a student's minutes are the sum of their entries, never a stored number.
 * `sourceId` names what wrote the entry (a payment session, a lesson row); unique per kind, so it writes once.
 */
export const creditEntries = sqliteTable(
  'credit_entries',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    studentId: text('student_id')
      .notNull()
      .references(() => users._id),
    /** Set for a credit-type course's own balance; null for the student's general minutes. */
    courseId: text('course_id'),
    kind: text('kind', { enum: creditEntryKinds }).notNull(),
    minutes: integer('minutes').notNull(),
    /** Minor units of `currency`, for prepaid packages; null when the entry moves minutes alone. */
    amount: integer('amount'),
    currency: text('currency'),
    sourceId: text('source_id').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    description: text('description').notNull(),
    /**
     * The admins' notes on this entry as a transaction log (spec 2 section 3). The only column ever updated: what the
     * entry moved (minutes, amount, currency, expiry, source) is written once.
     */
    adminNotes: text('admin_notes', { mode: 'json' }).$type<AdminNote[]>().notNull().default([]),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('credit_entries_source').on(t.tenantId, t.kind, t.sourceId),
    index('credit_entries_student').on(t.tenantId, t.studentId, t.createdAt),
    index('credit_entries_created').on(t.tenantId, t.createdAt),
  ],
);

/** Spec 2 section 3's payment history record: one per paid session, with the admin's notes. */
export const paymentHistory = sqliteTable(
  'payment_history',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    paymentSessionId: text('payment_session_id')
      .notNull()
      .references(() => paymentSessions._id),
    userId: text('user_id')
      .notNull()
      .references(() => users._id),
    studentId: text('student_id')
      .notNull()
      .references(() => users._id),
    paymentType: text('payment_type', { enum: paymentTypes }).notNull(),
    description: text('description').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: paymentRecordStatuses }).notNull(),
    provider: text('provider', { enum: ['stripe', 'simulated'] }).notNull(),
    providerPaymentId: text('provider_payment_id'),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }).notNull(),
    adminNotes: text('admin_notes', { mode: 'json' }).$type<AdminNote[]>().notNull().default([]),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('payment_history_session').on(t.tenantId, t.paymentSessionId),
    index('payment_history_user').on(t.tenantId, t.userId, t.paidAt),
    index('payment_history_student').on(t.tenantId, t.studentId, t.paidAt),
    index('payment_history_paid').on(t.tenantId, t.paidAt),
  ],
);

/**
 * What the expiry job has done about a purchase that lapses: warned its family a week before, and expired what was
 * left. Unique per entry and kind, so each happens once however often the job runs.
 */
export const creditNotices = sqliteTable(
  'credit_notices',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    entryId: text('entry_id')
      .notNull()
      .references(() => creditEntries._id),
    kind: text('kind', { enum: ['EXPIRY_WARNING', 'EXPIRED'] }).notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('credit_notices_entry').on(t.tenantId, t.entryId, t.kind)],
);

/**
 * A subscription bought through Checkout: one per paid subscription session. Each period's invoice credits its
 * minutes (its own payment session, named by the invoice), and the provider's updates move its status and period.
 */
export const subscriptions = sqliteTable(
  'subscriptions',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    paymentSessionId: text('payment_session_id')
      .notNull()
      .references(() => paymentSessions._id),
    payerId: text('payer_id')
      .notNull()
      .references(() => users._id),
    studentId: text('student_id')
      .notNull()
      .references(() => users._id),
    paymentType: text('payment_type', { enum: paymentTypes }).notNull(),
    itemKind: text('item_kind').notNull(),
    itemId: text('item_id').notNull(),
    courseId: text('course_id'),
    description: text('description').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    providerCustomerId: text('provider_customer_id'),
    status: text('status', { enum: subscriptionStatuses }).notNull().default('ACTIVE'),
    currentPeriodEnd: integer('current_period_end', { mode: 'timestamp_ms' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('subscriptions_session').on(t.tenantId, t.paymentSessionId),
    uniqueIndex('subscriptions_provider').on(t.tenantId, t.providerSubscriptionId),
    index('subscriptions_student').on(t.tenantId, t.studentId),
  ],
);

/**
 * The tenant's premium upgrade (spec 2's PREMIUM_UPGRADE): one price for unlimited self-study (quizzes, slides,
 * videos) for a number of months. One per tenant, so the learner's "get the premium price" call has one answer.
 */
export const premiumOffers = sqliteTable(
  'premium_offers',
  {
    _id: idColumn(),
    tenantId: tenantColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    months: integer('months').notNull(),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('premium_offers_tenant').on(t.tenantId)],
);
