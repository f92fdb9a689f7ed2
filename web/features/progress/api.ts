import type { ProgressDoc, ProgressLearner, ProgressSubjectChoice, SubjectProgressDoc } from '../../../schema/contracts/progress';
import { api } from '../../lib/api';

/** Progress (spec 3 §7): the learner's whole progress, one subject, whose progress the caller follows, and the save. */
export const progressCalls = {
  learners: (signal?: AbortSignal) => api<ProgressLearner[]>('/progress/learners', { signal }),
  progress: (userId: string, signal?: AbortSignal) => api<ProgressDoc>(`/progress/${encodeURIComponent(userId)}`, { signal }),
  subject: (userId: string, subjectId: string, signal?: AbortSignal) =>
    api<SubjectProgressDoc>('/progress/getSubjectProgress', { method: 'POST', json: { userId, subjectId }, signal }),
  save: (subjects: ProgressSubjectChoice[]) => api<ProgressDoc>('/progress', { method: 'POST', json: { subjects } }),
  unsubscribe: (token: string) => api<{ message: string }>('/progress/unsubscribe', { method: 'POST', json: { token } }),
};
