import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, type ListResponse, MAX_PAGE_SIZE, recordId } from './common';

/** Spec 2 section 3's payment types: what a checkout session (and the payment it becomes) was for. */
export const paymentTypes = ['FLEXIBLE', 'SUBSCRIPTION', 'INVOICE', 'CUSTOM_PLAN', 'COURSE', 'PREMIUM_UPGRADE', 'COURSE_TOPUP'] as const;
export type PaymentType = (typeof paymentTypes)[number];

/**
 * OPEN until the payer acts; PROCESSING while a delayed method (a bank debit) settles; then FAILED or EXPIRED,
 * which only a payment actually taken overrides, or PAID, which nothing leaves. So any order of a session's events
 * ends in the same state.
 */
export const paymentSessionStatuses = ['OPEN', 'PROCESSING', 'PAID', 'FAILED', 'EXPIRED'] as const;
export type PaymentSessionStatus = (typeof paymentSessionStatuses)[number];

/** Where a taken payment stands: paid, refunded in full, or disputed by the card holder. */
export const paymentRecordStatuses = ['PAID', 'REFUNDED', 'DISPUTED'] as const;
export type PaymentRecordStatus = (typeof paymentRecordStatuses)[number];

/** How often a subscription renews, in Stripe's words. */
export const billingIntervals = ['day', 'week', 'month', 'year'] as const;
export type BillingInterval = (typeof billingIntervals)[number];

/** ACTIVE while paid up; PAST_DUE when a renewal failed and the provider is retrying; CANCELED once it has ended. */
export const subscriptionStatuses = ['ACTIVE', 'PAST_DUE', 'CANCELED'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** Kinds of balance entry; each kind's source ids are their own namespace (a lesson id, a payment session id…). */
export const creditEntryKinds = ['PURCHASE', 'TOPUP', 'LESSON', 'PENALTY', 'REFUND', 'ADJUSTMENT', 'EXPIRY'] as const;
export type CreditEntryKind = (typeof creditEntryKinds)[number];

/** What a webhook delivery did, kept with its event id so a redelivery is recognised and explained. */
export const stripeEventOutcomes = ['FULFILLED', 'UPDATED', 'UNCHANGED', 'UNMATCHED', 'MISMATCH', 'IGNORED'] as const;
export type StripeEventOutcome = (typeof stripeEventOutcomes)[number];

export const checkoutActions = ['pay', 'fail', 'abandon'] as const;
export type CheckoutAction = (typeof checkoutActions)[number];

export const checkoutActionParams = z.object({ sessionId: recordId, action: z.enum(checkoutActions) });

/** What the simulated checkout page shows: always marked as a simulation, never a real charge. */
export interface SimulatedCheckout {
  simulated: true;
  sessionId: string;
  description: string;
  paymentType: (typeof paymentTypes)[number];
  /** Lesson minutes the purchase adds to the student's balance once paid. */
  minutes: number;
  amount: number;
  currency: string;
  status: (typeof paymentSessionStatuses)[number];
  /** Set for a subscription: charged again every `intervalCount` of these until cancelled. */
  billingInterval: BillingInterval | null;
  intervalCount: number | null;
}

export interface CheckoutActionResult {
  outcome: string;
  /** Where the page sends the person next: the purchase's success, failed or cancelled page. */
  redirectUrl: string;
}

/** `userId` names a child of the calling parent; without it, the person the caller acts for. */
export const creditsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
  userId: recordId.optional(),
});

export interface CreditEntry {
  _id: string;
  studentId: string;
  courseId: string | null;
  kind: (typeof creditEntryKinds)[number];
  minutes: number;
  amount: number | null;
  currency: string | null;
  expiresAt: string | null;
  description: string;
  createdAt: string;
}

/** One balance of a student: their general minutes (`courseId` null) or a credit-type course's own. */
export interface CreditBalance {
  courseId: string | null;
  courseTitle: string | null;
  minutes: number;
}

/** Bought time that lapses within a week unless it is spent, soonest first. */
export interface ExpiringCredit {
  entryId: string;
  courseId: string | null;
  minutes: number;
  expiresAt: string;
}

export interface Credits {
  studentId: string;
  /** Every balance of the student added up. */
  balanceMinutes: number;
  balances: CreditBalance[];
  expiring: ExpiringCredit[];
  entries: ListResponse<CreditEntry>;
}

/** A plan bought for a student: the plan and (for a parent) which child; its price is never the client's. */
export const flexibleSessionInput = z.object({ planId: recordId, studentId: recordId.optional() });
export type FlexibleSessionInput = z.infer<typeof flexibleSessionInput>;
export const subscriptionSessionInput = flexibleSessionInput;

/** A course bought for a student; its price is the course's own, never the client's. */
export const courseSessionInput = z.object({ courseId: recordId, studentId: recordId.optional() });
export type CourseSessionInput = z.infer<typeof courseSessionInput>;

/** A credit-type course topped up with a flexible plan's minutes. */
export const courseTopUpInput = z.object({ courseId: recordId, planId: recordId, studentId: recordId.optional() });
export type CourseTopUpInput = z.infer<typeof courseTopUpInput>;

/** A subscription as Billing shows it, with whether its payer may manage it in the provider's portal. */
export interface SubscriptionView {
  _id: string;
  studentId: string;
  paymentType: PaymentType;
  itemId: string;
  courseId: string | null;
  description: string;
  status: SubscriptionStatus;
  currentPeriodEnd: string | null;
  createdAt: string;
}

/** `customer-portal-data`: the caller's subscriptions and the portal's url (null when they have none to manage). */
export interface CustomerPortalData {
  subscriptions: SubscriptionView[];
  url: string | null;
}

/** A Checkout session to send the browser to: Stripe's page, or ours in simulated mode. */
export interface CheckoutStarted {
  url: string;
}

/** The payment result pages name our payment session in `?payment=`, whichever provider took the money. */
export const paymentResults = ['success', 'cancelled', 'failed'] as const;
export type PaymentResult = (typeof paymentResults)[number];

/** One payment as its payer or its student sees it on a result page, with the student's balance as it now is. */
export interface PaymentSummary {
  _id: string;
  status: PaymentSessionStatus;
  paymentType: PaymentType;
  /** What was bought (a flexible plan's id for FLEXIBLE), so a result page can start the same purchase again. */
  itemId: string;
  description: string;
  minutes: number;
  amount: number;
  currency: string;
  studentId: string;
  studentName: string;
  balanceMinutes: number;
}

/** The simulated customer portal: the payer's subscriptions, always marked as a simulation. */
export interface SimulatedPortal {
  simulated: true;
  subscriptions: SubscriptionView[];
}

export const simulatedPortalParams = z.object({ customerId: z.string().min(1).max(200), subscriptionId: recordId });
