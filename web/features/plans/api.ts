import type { CheckoutStarted } from '../../../schema/contracts/payments';
import type { PricedPlan } from '../../../schema/contracts/pricing';
import { api } from '../../lib/api';

/** The plans offered to one student at their own price, and buying one: the server prices it again. */
export const planCalls = {
  flexible: (studentId: string, signal?: AbortSignal) => api<PricedPlan[]>('/flexible-plans', { query: { userId: studentId }, signal }),
  subscription: (studentId: string, signal?: AbortSignal) => api<PricedPlan[]>('/subscription-plans', { query: { userId: studentId }, signal }),
  buyFlexible: (planId: string, studentId: string) => api<CheckoutStarted>('/stripe/v2/flexible-session', { method: 'POST', json: { planId, studentId } }),
  buyPremium: (studentId: string) => api<CheckoutStarted>('/stripe/premium/createSession', { method: 'POST', json: { studentId } }),
  subscribe: (planId: string, studentId: string) => api<CheckoutStarted>('/stripe/v2/subscription-session', { method: 'POST', json: { planId, studentId } }),
};
