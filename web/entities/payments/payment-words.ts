import { formatDuration } from '../../../schema/contracts/durations';
import type { CreditEntryKind, PaymentType } from '../../../schema/contracts/payments';

/** What moved a balance, in the words a family reads on Billing and an admin in the transaction logs. */
export const creditKindLabels: Record<CreditEntryKind, string> = {
  PURCHASE: 'Bought',
  TOPUP: 'Top-up',
  LESSON: 'Lesson',
  PENALTY: 'Late cancellation',
  REFUND: 'Refund',
  ADJUSTMENT: 'Adjustment',
  EXPIRY: 'Expired',
};

export const paymentTypeLabels: Record<PaymentType, string> = {
  FLEXIBLE: 'Flexible plan',
  SUBSCRIPTION: 'Subscription',
  INVOICE: 'Invoice',
  CUSTOM_PLAN: 'Custom plan',
  COURSE: 'Course',
  PREMIUM_UPGRADE: 'Premium upgrade',
  COURSE_TOPUP: 'Course top-up',
};

/** 90 → "+1 h 30 m", −45 → "−45 m": the sign says which way the balance moved. */
export const signedDuration = (minutes: number) => `${minutes < 0 ? '−' : '+'}${formatDuration(Math.abs(minutes))}`;

/** A balance, which an overdraft rule may one day let fall below zero: "11 h 30 m", "−45 m". */
export const balanceText = (minutes: number) => (minutes < 0 ? `−${formatDuration(-minutes)}` : formatDuration(minutes));

/** A moment with its time, for an admin's records: "7 Jan 2030, 14:05". */
export const momentText = (iso: string, zone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );
