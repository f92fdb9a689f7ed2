import type { LessonHistoryList, TutorPaymentStatus } from '../../../schema/contracts/lesson-history';
import type { AppealRespondBody, PenaltyWaiverRecord } from '../../../schema/contracts/penalty-waivers';
import { type ApiOptions, api } from '../../lib/api';

export type EntryKind = 'waiver' | 'manual';
type Saved = { message: string; doc: PenaltyWaiverRecord };

const listPath: Record<EntryKind, string> = { waiver: '/admin/penalty-waivers', manual: '/admin/manual-adjustments' };

/** Penalty waivers and manual adjustments: one ledger of additions and deductions to a tutor's pay, listed apart. */
export const ledgerCalls = {
  list: (kind: EntryKind, query: ApiOptions['query']) => api<LessonHistoryList<PenaltyWaiverRecord>>(listPath[kind], { query }),
  create: (kind: EntryKind, body: unknown) => api<Saved>(listPath[kind], { json: body }),
  respondToAppeal: (id: string, body: AppealRespondBody) => api<Saved>(`/admin/penalty-waivers/${id}/appeal-respond`, { method: 'PUT', json: body }),
  setPaymentStatus: (id: string, paymentStatus: TutorPaymentStatus) =>
    api<{ message: string; docs: PenaltyWaiverRecord[] }>('/admin/penalty-waivers/update-tutor-payment-status', {
      method: 'PUT',
      json: { paymentStatus, penaltyWaiverIds: [id] },
    }),
};
