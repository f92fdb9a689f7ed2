import type { z } from 'zod';
import type { ListResponse } from '../../../schema/contracts/common';
import type { QuestionDoc, QuestionInput, SubTopicDoc, SubTopicEdit, TopicDoc } from '../../../schema/contracts/content';
import type { EssayDraftResult, EssayOrigin, EssayQuestionDoc, EssayQuestionInput } from '../../../schema/contracts/essays';
import type { HomeCurriculum } from '../../../schema/contracts/learning';
import type { AiMarking, QuizCreateInput, QuizDoc, quizPublishInput } from '../../../schema/contracts/quiz';
import { api } from '../../lib/api';

type PageQuery = { limit: number; offset: number };
type QuizAnswer = { message: string; quiz: QuizDoc };
type QuizChange = z.input<typeof quizPublishInput>;

/** Every call the content admin screens make: topics, sub topics, the question bank and quizzes. */
export const contentAdminCalls = {
  catalogue: () => api<HomeCurriculum[]>('/curriculums/getCurriculumsForHomePage'),
  topics: (subjectId: string, gradeId: string) => api<TopicDoc[]>('/topics', { json: { subjectId, gradeId } }),
  sortTopics: (topics: TopicDoc[]) => api('/admin/topics/updateSorting', { json: { topics: topics.map((t, sortingOrder) => ({ _id: t._id, sortingOrder })) } }),
  subTopics: (topicId: string, page: PageQuery, signal?: AbortSignal) =>
    api<ListResponse<SubTopicDoc>>('/admin/subtopics', { query: { topicId, ...page }, signal }),
  /** Creates the sub topic, or renames one that has an id. */
  saveSubTopic: (id: string | undefined, input: { topicId: string; name: string; summary: string }) =>
    id
      ? api<SubTopicDoc>(`/admin/subtopics/${id}`, { method: 'PUT', json: { name: input.name, summary: input.summary } })
      : api<SubTopicDoc>('/admin/subtopics', { method: 'POST', json: input }),
  editSubTopic: (id: string, edit: SubTopicEdit, body: unknown) => api<SubTopicDoc>(`/admin/subtopics/${id}/${edit}`, { method: 'PUT', json: body }),
  deleteSubTopic: (id: string) => api(`/admin/subtopics/${id}`, { method: 'DELETE' }),
  questions: (query: { subTopicIds: string; isApproved?: 'true' } & PageQuery, signal?: AbortSignal) =>
    api<ListResponse<QuestionDoc>>('/admin/questions', { query, signal }),
  saveQuestion: (id: string | undefined, input: QuestionInput) =>
    id ? api<QuestionDoc>(`/admin/questions/${id}`, { method: 'PUT', json: input }) : api<QuestionDoc>('/admin/questions', { method: 'POST', json: input }),
  approveQuestion: (id: string, isApproved: boolean) => api<QuestionDoc>(`/admin/questions/approve/${id}`, { method: 'PUT', json: { isApproved } }),
  deleteQuestion: (id: string) => api(`/admin/questions/delete/${id}`, { method: 'PUT' }),
  /** The helper marks a typed answer against the question's scheme; needs `submissions: aiAnswer`. */
  tryMarking: (questionId: string, answer: string) => api<AiMarking>('/questions/ai-marking', { query: { questionId, answer } }),
  importQuestions: (questions: QuestionInput[]) => api<{ created: number }>('/admin/questions/create-many', { method: 'POST', json: { questions } }),
  essays: (query: { subTopicId: string; isApproved?: 'true' | 'false'; origin?: EssayOrigin; searchText?: string } & PageQuery) =>
    api<ListResponse<EssayQuestionDoc>>('/admin/essay-questions', { query }),
  saveEssay: (id: string | undefined, input: EssayQuestionInput) =>
    id
      ? api<EssayQuestionDoc>(`/admin/essay-questions/${id}`, { method: 'PUT', json: input })
      : api<EssayQuestionDoc>('/admin/essay-questions', { method: 'POST', json: input }),
  approveEssay: (id: string, isApproved: boolean) => api<EssayQuestionDoc>(`/admin/essay-questions/approve/${id}`, { method: 'PUT', json: { isApproved } }),
  deleteEssay: (id: string) => api(`/admin/essay-questions/delete/${id}`, { method: 'PUT' }),
  draftEssay: (subTopicId: string, instructions: string) => api<EssayDraftResult>('/admin/essay-questions/gptQuestion', { json: { subTopicId, instructions } }),
  quizzes: (query: { topicId: string; subTopicId?: string } & PageQuery) => api<ListResponse<QuizDoc>>('/admin/quizzes', { query }),
  /** Creates the quiz, or changes one that has an id (publishing it, its title, its time limit). */
  saveQuiz: (id: string | undefined, input: QuizCreateInput | QuizChange) =>
    id ? api<QuizAnswer>(`/admin/quizzes/publish/${id}`, { method: 'PUT', json: input }) : api<QuizAnswer>('/admin/quizzes', { method: 'POST', json: input }),
};
