import type { MeetingRequestAnswer, MeetingRequestType, PenaltyPreview } from '../../../../schema/contracts/meeting-requests';
import { api } from '../../../lib/api';

export interface RequestBody {
  sectionId: string;
  type: MeetingRequestType;
  newStart?: string;
  reason?: string;
}

/** What a person calls to ask for a change to a lesson: the same body previews it and sends it. */
export const lessonRequestCalls = {
  preview: (body: RequestBody, signal?: AbortSignal) => api<PenaltyPreview>('/meeting-requests/preview', { method: 'POST', json: body, signal }),
  send: (body: RequestBody) => api<MeetingRequestAnswer>('/meeting-requests', { method: 'POST', json: body }),
};
