import type { ListResponse } from '../../../schema/contracts/common';
import type { CourseFeedbackLessons, FeedbackAuthor, FeedbackReward, LessonFeedback } from '../../../schema/contracts/lesson-feedbacks';
import { api } from '../../lib/api';

const baseOf: Record<FeedbackAuthor, string> = { TUTOR: '/lesson-tutor-feedbacks', STUDENT: '/lesson-student-feedbacks' };

export interface FeedbackDraft {
  stars: number;
  rewards: string[];
  comment: string;
}

export const feedbackCalls = {
  rewards: () => api<FeedbackReward[]>('/lesson-tutor-feedbacks/feedback-rewards'),
  lessons: (course: string) => api<CourseFeedbackLessons>('/lesson-tutor-feedbacks/lessons', { query: { course } }),
  list: (author: FeedbackAuthor, course: string) => api<ListResponse<LessonFeedback>>(baseOf[author], { query: { course, limit: 100 } }),
  give: (author: FeedbackAuthor, input: FeedbackDraft & { section: string; student?: string; tutor?: string }) =>
    api<LessonFeedback>(baseOf[author], {
      method: 'POST',
      json: author === 'TUTOR' ? input : { section: input.section, tutor: input.tutor, stars: input.stars, comment: input.comment },
    }),
  edit: (author: FeedbackAuthor, id: string, draft: FeedbackDraft) =>
    api<LessonFeedback>(`${baseOf[author]}/${id}`, { method: 'PUT', json: author === 'TUTOR' ? draft : { stars: draft.stars, comment: draft.comment } }),
  adminList: (author: FeedbackAuthor, query: { limit: number; offset: number; course?: string; studentId?: string; tutorId?: string }) =>
    api<ListResponse<LessonFeedback>>(`/admin${baseOf[author]}`, { query }),
  adminRemove: (author: FeedbackAuthor, id: string) => api(`/admin${baseOf[author]}/${id}`, { method: 'DELETE' }),
};
