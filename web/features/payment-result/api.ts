import type { CheckoutStarted, PaymentSummary } from '../../../schema/contracts/payments';
import { api } from '../../lib/api';

export const paymentResultCalls = {
  payment: (paymentId: string, signal?: AbortSignal) => api<PaymentSummary>(`/payments/${encodeURIComponent(paymentId)}`, { signal }),
  /** A new checkout for the same plan and student, or the same invoice; the server prices it again. */
  buyAgain: (payment: PaymentSummary) =>
    payment.paymentType === 'INVOICE'
      ? api<CheckoutStarted>('/invoices/stripe', { method: 'POST', json: { id: payment.itemId } })
      : api<CheckoutStarted>('/stripe/v2/flexible-session', { method: 'POST', json: { planId: payment.itemId, studentId: payment.studentId } }),
};

/** Flexible plans and invoices can be paid again from here; other purchases start on their own pages. */
export const canBuyAgain = (payment: PaymentSummary) => payment.paymentType === 'FLEXIBLE' || payment.paymentType === 'INVOICE';
