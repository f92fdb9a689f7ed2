import type { CheckoutStarted, PaymentSummary } from '../../../schema/contracts/payments';
import { api } from '../../lib/api';

export const paymentResultCalls = {
  payment: (paymentId: string, signal?: AbortSignal) => api<PaymentSummary>(`/payments/${encodeURIComponent(paymentId)}`, { signal }),
  /** A new checkout for the same plan and student; the server prices it again. */
  buyAgain: (payment: PaymentSummary) =>
    api<CheckoutStarted>('/stripe/v2/flexible-session', { method: 'POST', json: { planId: payment.itemId, studentId: payment.studentId } }),
};

/** Only flexible plans can be bought from here so far; other purchases start on their own pages. */
export const canBuyAgain = (payment: PaymentSummary) => payment.paymentType === 'FLEXIBLE';
