import type { MeetingRequestAnswer, MeetingRequestList, RespondInput } from '../../../schema/contracts/meeting-requests';
import { type ApiOptions, api } from '../../lib/api';

/** The admin's meeting request calls: the list, an answer, and the tutor payment status of answered requests. */
export const meetingRequestCalls = {
  list: (query: ApiOptions['query']) => api<MeetingRequestList>('/admin/meeting-requests', { query }),
  respond: (id: string, body: RespondInput) => api<MeetingRequestAnswer>(`/admin/meeting-requests/respond/${id}`, { method: 'PUT', json: body }),
  setPaymentStatus: (id: string, tutorPaymentStatus: 'PROCESSING' | 'PAID') =>
    api<{ modified: number }>('/admin/meeting-requests/update-tutor-payment-status', {
      method: 'PUT',
      json: { tutorPaymentStatus, meetingRequestIds: [id] },
    }),
};
