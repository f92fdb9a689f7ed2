import type { CheckoutStarted, PaymentSummary } from '../../../schema/contracts/payments';
import { api } from '../../lib/api';

export const paymentResultCalls = {
  payment: (paymentId: string, signal?: AbortSignal) => api<PaymentSummary>(`/payments/${encodeURIComponent(paymentId)}`, { signal }),
  /** A new checkout for the same plan, course or invoice; the server prices it again. */
  buyAgain: (payment: PaymentSummary) => {
    const [path, json] = AGAIN[payment.paymentType]!(payment);
    return api<CheckoutStarted>(path, { method: 'POST', json });
  },
};

const AGAIN: Partial<Record<PaymentSummary['paymentType'], (p: PaymentSummary) => [string, Record<string, string>]>> = {
  FLEXIBLE: (p) => ['/stripe/v2/flexible-session', { planId: p.itemId, studentId: p.studentId }],
  SUBSCRIPTION: (p) => ['/stripe/v2/subscription-session', { planId: p.itemId, studentId: p.studentId }],
  COURSE: (p) => ['/stripe/v2/subscribe-course', { courseId: p.itemId, studentId: p.studentId }],
  INVOICE: (p) => ['/invoices/stripe', { id: p.itemId }],
  PREMIUM_UPGRADE: (p) => ['/stripe/premium/createSession', { studentId: p.studentId }],
};

/** Plans, courses, premium and invoices can be paid again from here; a top-up starts again from its course. */
export const canBuyAgain = (payment: PaymentSummary) => payment.paymentType in AGAIN;
