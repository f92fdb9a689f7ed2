import type { ListResponse } from '../../../schema/contracts/common';
import type { PaymentHistoryEntry } from '../../../schema/contracts/payment-records';
import type { Credits, CustomerPortalData } from '../../../schema/contracts/payments';
import { api } from '../../lib/api';

/** A student's balance with the entries behind it, the family's subscriptions and payments. */
export const billingCalls = {
  credits: (studentId: string, offset: number, limit: number, signal?: AbortSignal) =>
    api<Credits>('/credits', { query: { userId: studentId, offset, limit }, signal }),
  portal: (signal?: AbortSignal) => api<CustomerPortalData>('/stripe/v2/customer-portal-data', { signal }),
  payments: (offset: number, limit: number) => api<ListResponse<PaymentHistoryEntry>>('/payment-history', { query: { offset, limit } }),
};
