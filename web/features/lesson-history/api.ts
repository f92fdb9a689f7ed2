import type { ListResponse } from '../../../schema/contracts/common';
import type { LessonHistoryList, LessonHistoryRecord, RespondToConcernBody } from '../../../schema/contracts/lesson-history';
import type { MeetingRequestList } from '../../../schema/contracts/meeting-requests';
import type { PayRunPreview, PayRunRecord } from '../../../schema/contracts/pay-runs';
import { type ApiOptions, api } from '../../lib/api';

type Query = ApiOptions['query'];
type Answer<T> = { message: string; doc: T };

/** The admin's lesson ledger: the Completed rows and their edits, the reschedule-or-cancellation requests, pay runs. */
export const ledgerCalls = {
  history: (query: Query) => api<LessonHistoryList<LessonHistoryRecord>>('/admin/lesson-history', { query }),
  markPaid: (ids: string[]) =>
    api<{ message: string; docs: LessonHistoryRecord[] }>('/lesson-history/update-tutor-payment-status', {
      method: 'PUT',
      // Spelled as spec 1 section 7 spells it.
      json: { tutorPaymentStatus: 'PAID', lesssonHistoryIds: ids },
    }),
  respondToConcern: (body: RespondToConcernBody) =>
    api<Answer<LessonHistoryRecord>>('/lesson-history/tutor-payments/respond-to-concern', { method: 'PUT', json: body }),
  addNote: (id: string, note: string) => api<Answer<LessonHistoryRecord>>(`/lesson-history/admin-notes/${encodeURIComponent(id)}`, { json: { note } }),
  deleteNote: (id: string, noteId: string) =>
    api<Answer<LessonHistoryRecord>>(`/lesson-history/admin-notes/${encodeURIComponent(id)}`, { method: 'DELETE', query: { noteId } }),
  requests: (query: Query) => api<MeetingRequestList>('/admin/meeting-requests', { query }),
  previewPayRun: (period: { periodStart: string; periodEnd: string }) => api<PayRunPreview>('/admin/pay-runs/preview', { query: period }),
  createPayRun: (period: { periodStart: string; periodEnd: string }) => api<Answer<PayRunRecord>>('/admin/pay-runs', { json: period }),
  payRuns: (offset: number, limit: number) => api<ListResponse<PayRunRecord>>('/admin/pay-runs', { query: { offset, limit } }),
};
