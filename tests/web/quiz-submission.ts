import type { SubmissionDoc } from '../../schema/contracts/quiz';

/** The quiz every player test opens: Algebra, Linear equations, in the Cambridge IGCSE maths curriculum. */
export const setA = {
  _id: 'quiz1',
  title: 'Set A',
  grade: 'Grade 10',
  topic: { _id: 't1', curriculum: 'Cambridge IGCSE', subject: 'Mathematics', name: 'Algebra' },
  subTopic: { _id: 'st1', name: 'Linear equations' },
};

/** What a question of an attempt holds before the learner answers it. */
export const unanswered = {
  optionId: null,
  answer: null,
  answeredAt: null,
  status: 'UNANSWERED',
  score: null,
  reasons: [],
  hint: null,
  openAimarking: true,
  aiHint: true,
};

/** Sam's attempt at Set A, still in progress, holding `questions`. */
export const samAttempt = (questions: object[]) =>
  ({ _id: 'sub1', userId: 'sam', status: 'IN_PROGRESS', isTimerEnabled: false, quiz: setA, questions }) as unknown as SubmissionDoc;
