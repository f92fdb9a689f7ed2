import type { LessonHistoryList, LessonHistoryTutorRecord, RaiseConcernBody } from '../../../schema/contracts/lesson-history';
import type { MeetingRequestList } from '../../../schema/contracts/meeting-requests';
import type { MyPay } from '../../../schema/contracts/pay-runs';
import type { PenaltyWaiverRecord } from '../../../schema/contracts/penalty-waivers';
import { type ApiOptions, api } from '../../lib/api';

type Query = ApiOptions['query'];
type Answer<T> = { message: string; doc: T };

/** A tutor's own ledger: the month's figures, its lessons with their pay, the penalties and adjustments, and requests. */
export const tutorPayCalls = {
  myPay: (month: string, timezone: string) => api<MyPay>('/lesson-history/my-pay', { query: { month, timezone } }),
  lessons: (query: Query) => api<LessonHistoryList<LessonHistoryTutorRecord>>('/lesson-history', { query: { ...query, includeTutorAmountData: 1 } }),
  raiseConcern: (body: RaiseConcernBody) =>
    api<Answer<LessonHistoryTutorRecord>>('/lesson-history/tutor-payments/raise-concern', { method: 'PUT', json: body }),
  waivers: (query: Query) => api<LessonHistoryList<PenaltyWaiverRecord>>('/penalty-waivers', { query }),
  appeal: (id: string, note: string) => api<Answer<PenaltyWaiverRecord>>(`/penalty-waivers/${encodeURIComponent(id)}/appeal`, { json: { note } }),
  requests: (query: Query) => api<MeetingRequestList>('/meeting-requests', { query }),
};
