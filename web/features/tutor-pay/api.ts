import type { LessonHistoryList, LessonHistoryTutorRecord, RaiseConcernBody } from '../../../schema/contracts/lesson-history';
import type { MyPay } from '../../../schema/contracts/pay-runs';
import { type ApiOptions, api } from '../../lib/api';

type Query = ApiOptions['query'];
type Answer<T> = { message: string; doc: T };

/** A tutor's own ledger: the month's figures and its lessons with their pay. */
export const tutorPayCalls = {
  myPay: (month: string, timezone: string) => api<MyPay>('/lesson-history/my-pay', { query: { month, timezone } }),
  lessons: (query: Query) => api<LessonHistoryList<LessonHistoryTutorRecord>>('/lesson-history', { query: { ...query, includeTutorAmountData: 1 } }),
  raiseConcern: (body: RaiseConcernBody) =>
    api<Answer<LessonHistoryTutorRecord>>('/lesson-history/tutor-payments/raise-concern', { method: 'PUT', json: body }),
};
