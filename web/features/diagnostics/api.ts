import type { ListResponse } from '../../../schema/contracts/common';
import type {
  CallbackAnswer,
  CallbackAssignInput,
  CallbackCloseInput,
  CallbackRequestDoc,
  DiagnosticCreateInput,
  DiagnosticDoc,
  DiagnosticPaymentOffer,
  DiagnosticSubmission,
  DiagnosticTestDoc,
  ShareWithParentInput,
  Teammate,
} from '../../../schema/contracts/diagnostics';
import type { CheckoutStarted } from '../../../schema/contracts/payments';
import { api } from '../../lib/api';

const at = (id: string) => encodeURIComponent(id);

export const diagnosticCalls = {
  tests: (signal?: AbortSignal) => api<DiagnosticTestDoc[]>('/diagnostics/tests', { signal }),
  test: (testId: string, signal?: AbortSignal) => api<DiagnosticTestDoc>(`/diagnostics/tests/${at(testId)}`, { signal }),
  create: (input: DiagnosticCreateInput) => api<DiagnosticDoc>('/diagnostics', { method: 'POST', json: input }),
  get: (id: string, share: string | null, signal?: AbortSignal) => api<DiagnosticDoc>(`/diagnostics/${at(id)}`, { query: { share }, signal }),
  submission: (id: string, share: string | null, signal?: AbortSignal) =>
    api<DiagnosticSubmission>(`/diagnostics/submission/${at(id)}`, { query: { share }, signal }),
  share: (input: ShareWithParentInput) => api<{ message: string }>('/diagnostics/shareWithParent', { method: 'POST', json: input }),
  requestCallback: (id: string, share: string | null) => api<CallbackAnswer>(`/diagnostics/requestCallback/${at(id)}`, { query: { share } }),
  offer: (id: string, share: string | null, signal?: AbortSignal) =>
    api<DiagnosticPaymentOffer>(`/diagnostics/payment/${at(id)}`, { query: { share }, signal }),
  checkout: (id: string) => api<CheckoutStarted>(`/diagnostics/payment/${at(id)}`, { method: 'POST' }),
  callbacks: (page: { limit: number; offset: number }, signal?: AbortSignal) =>
    api<ListResponse<CallbackRequestDoc>>('/admin/diagnostics/callbacks', { query: page, signal }),
  teammates: (signal?: AbortSignal) => api<Teammate[]>('/admin/diagnostics/callbacks/teammates', { signal }),
  assignCallback: (id: string, input: CallbackAssignInput) =>
    api<CallbackRequestDoc>(`/admin/diagnostics/callbacks/${at(id)}/assign`, { method: 'PUT', json: input }),
  closeCallback: (id: string, input: CallbackCloseInput) =>
    api<CallbackRequestDoc>(`/admin/diagnostics/callbacks/${at(id)}/close`, { method: 'PUT', json: input }),
};
