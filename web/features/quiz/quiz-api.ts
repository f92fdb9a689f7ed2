import type { SlotOption } from '../../../schema/contracts/availability';
import type { ListResponse } from '../../../schema/contracts/common';
import type { LearnerQuestion, SubTopicPage } from '../../../schema/contracts/content';
import type {
  AiMarking,
  AnswerInput,
  AssessCheck,
  AttemptSummary,
  HelperSourceName,
  QuizAboutPage,
  QuizDoc,
  SubmissionDoc,
  SubmissionQuestion,
  UsageResponse,
} from '../../../schema/contracts/quiz';
import { slugify, subjectSlug } from '../../../schema/contracts/slug';
import type { QuizTrialInput, TrialBooked } from '../../../schema/contracts/trials';
import { api } from '../../lib/api';
import { keepDeviceCopy, withDeviceCopy } from '../../lib/device-copy';
import { statusOf } from '../../lib/errors';
import { createAnswerQueue, indexedDbStore } from './answer-queue';

/** 4xx answers are the server's final word on that answer; network failures and 5xx are retried later. */
const isFinalRefusal = (error: unknown) => {
  const status = statusOf(error);
  return status !== undefined && status >= 400 && status < 500 && status !== 401 && status !== 429;
};

export const answerQueue = createAnswerQueue(indexedDbStore(), async (answer) => void (await api('/submissions/answer/add', { json: answer })), isFinalRefusal);

const deviceKey = (submissionId: string) => `submission.${submissionId}`;
/** The attempt as this device last showed it, answers included, for an offline reload. */
export const keepAttemptOnDevice = (doc: SubmissionDoc) => keepDeviceCopy(deviceKey(doc._id), doc);

export const quizCalls = {
  /** Offline, the attempt comes from the device; its clock is then the device's, as nothing better is known. */
  get: (id: string) =>
    withDeviceCopy(deviceKey(id), () => api<SubmissionDoc>(`/submissions/${id}`)).then((copy) =>
      copy.fromDevice ? { ...copy.value, serverNow: new Date().toISOString() } : copy.value,
    ),
  createByQuizId: (quizId: string) => api<SubmissionDoc>('/submissions/createByQuizId', { json: { quizId } }),
  hint: (ref: Ref) => api<{ message: string; hint: string; source: HelperSourceName; question: SubmissionQuestion }>('/submissions/aiHint', { json: ref }),
  reveal: (ref: Ref) => api<{ message: string; question: SubmissionQuestion }>('/submissions/answer/get', { json: ref }),
  grade: (ref: Ref) => api<SubmissionQuestion>('/submissions/openEndedAnswer/grade', { json: ref }),
  finish: (submissionId: string) => api<{ message: string; submission: SubmissionDoc }>('/submissions/finish', { json: { submissionId } }),
  countdown: (submissionId: string, isTimerEnabled: boolean, countdownSeconds?: number) =>
    api<SubmissionDoc>('/submissions/updateSubmissionCountdownSettings', { json: { submissionId, isTimerEnabled, countdownSeconds } }),
  timer: (edge: 'start' | 'end', ref: Ref) => api<SubmissionQuestion>(`/submissions/${edge}SubmissionQuestionTimer`, { json: ref }),
  toTake: (limit: number, offset = 0) => api<ListResponse<QuizDoc>>('/quizzes', { query: { limit, offset } }),
  history: (limit: number, offset = 0) => api<ListResponse<QuizDoc>>('/quizzes/history', { query: { includeSubmissionCount: true, limit, offset } }),
  explain: (ref: Ref) =>
    api<{ explanation: string; source: HelperSourceName; version: string }>('/submissions/question/get-ai-explanation', { method: 'POST', json: ref }),
  reportIssue: (input: { quizId: string; questionId?: string; message: string }) =>
    api<{ message: string }>('/quizzes/report-issue', { method: 'POST', json: input }),
  usage: () => api<UsageResponse>('/usages'),
  startTrial: () => api<{ message: string }>('/usages/quiz-trial', { method: 'POST' }),
  about: (quizId: string) => api<QuizAboutPage>('/submissions/getQuizDataForAboutPage', { json: { quizId } }),
  attempts: (quizId: string, limit: number) => api<ListResponse<Omit<AttemptSummary, 'quizTitle'>>>('/submissions', { query: { quizId, limit, offset: 0 } }),
  subTopic: (id: string) => api<SubTopicPage>(`/subtopics/${id}`),
  /** Counted as a slide view before the link is handed out; over the month's allowance the server says why in a 403. */
  openResource: (subTopicId: string, resourceId: string) =>
    api<{ resource: { _id: string; title: string; url: string }; usage: UsageResponse }>('/quizzes/resource', { json: { subTopicId, resourceId } }),
  assess: (subTopicId: string, difficulty?: LearnerQuestion['difficulty']) =>
    api<{ docs: LearnerQuestion[] }>('/questions/assess-questions', { query: { content: subTopicId, difficulty } }),
  checkAssess: (subTopicId: string, answers: { questionId: string; optionId: string }[]) =>
    api<AssessCheck>('/questions/assess-questions/check', { json: { content: subTopicId, answers } }),
  aiMarking: (questionId: string, answer: string) => api<AiMarking>('/questions/ai-marking', { query: { questionId, answer } }),
  quizzesIn: (filter: { curriculum: string; subject: string; grade: string }, limit: number, offset = 0) =>
    api<ListResponse<QuizDoc>>('/quizzes', { query: { ...filter, limit, offset } }),
  /** The free trial slots for the quiz's curriculum, subject and grade on one day (the landing dialog's call). */
  trialSlots: (query: QuizSubject & { date: string; timezone: string }, signal: AbortSignal) =>
    api<SlotOption[]>('/user-availability/slots/trial', { method: 'POST', json: query, signal }),
  bookTrial: (input: QuizTrialInput) => api<TrialBooked>('/trials/createFromQuiztopiya', { method: 'POST', json: input }),
};
export type QuizSubject = { curriculum: string; subject: string; grade: string };
type Ref = { submissionId: string; questionId: string };

/** Spec 3 §2: /dashboard/{curriculum}/{subject}/{topic}/{subTopic}/{subTopicId}/quiz/{submissionId}, names slugified. */
export function playerPath(doc: Pick<SubmissionDoc, '_id' | 'quiz'>) {
  const { topic, subTopic } = doc.quiz;
  // A quiz set on a whole topic has no sub topic: the topic stands in, so the URL keeps its shape.
  const sub = subTopic ?? { _id: topic._id, name: 'whole topic' };
  return `/dashboard/${slugify(topic.curriculum)}/${subjectSlug(topic.subject)}/${slugify(topic.name)}/${slugify(sub.name)}/${sub._id}/quiz/${doc._id}`;
}

/**
 * Where a quiz of the learner's history opens: their latest attempt as it was left (a finished one as its results and
 * review), so looking back never starts, or counts, a new attempt; a quiz with none yet starts one.
 */
export function historyPath(q: QuizDoc) {
  if (!q.lastSubmissionId || !q.topic) return `/startSubmission/${q._id}`;
  return playerPath({
    _id: q.lastSubmissionId,
    quiz: { _id: q._id, title: q.title, grade: q.grade, topic: { ...q.topic, curriculum: q.curriculum, subject: q.subject }, subTopic: q.subTopic },
  });
}

/** Device answers not yet on the server win over the server's copy when they are newer. */
export function withPending(doc: SubmissionDoc, pending: AnswerInput[]): SubmissionDoc {
  return {
    ...doc,
    questions: doc.questions.map((q) => {
      const mine = pending.find((p) => p.questionId === q.questionId);
      if (!mine || (q.answeredAt !== null && q.answeredAt >= mine.answeredAt)) return q;
      return {
        ...q,
        optionId: mine.optionId ?? q.optionId,
        answer: mine.answer ?? q.answer,
        answeredAt: mine.answeredAt,
        status: q.status === 'SKIPPED' ? 'SKIPPED' : 'ANSWERED',
      };
    }),
  };
}
